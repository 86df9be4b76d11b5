import { describe, expect, it } from 'vitest';
import { generateNetwork } from '../../graph-lab/generate-network';
import { toLayoutGraph } from './layout-graph';
import { buildGraphModel, type GraphModel } from '../model/graph-model';
import { buildTestGraph, buildTestLink, buildTestNode, plainNodes } from '../model/graph.testing';
import {
  clusterReach,
  TEAMMATE_RING,
  teammatePeople,
  teammatePeopleSteps,
  teammateSpot,
} from './cluster-forces';
import { CoolingSchedule } from './cooling-schedule';
import { ForceSimulation } from './force-simulation';
import { placeInitially } from './initial-placement';
import { FORCE_PARAMS } from './layout-director';

/** The worker's run: the initial placement refined by the force layout until it settles. */
function settle(model: GraphModel): Float32Array {
  const simulation = new ForceSimulation(toLayoutGraph(model, placeInitially(model)), FORCE_PARAMS);
  const schedule = new CoolingSchedule({
    startTemperature: 8,
    endTemperature: 0.3,
    maxSteps: 100,
    restMovement: 0.05,
    patience: 5,
  });
  for (;;) {
    simulation.temperature = schedule.temperature;
    if (schedule.advance(simulation.step())) break;
  }
  const positions = new Float32Array(model.nodes.length * 2);
  simulation.writePositions(positions);
  simulation.dispose();
  return positions;
}

function centreOf(positions: Float32Array, members: ArrayLike<number>): [number, number] {
  let x = 0;
  let y = 0;
  for (let k = 0; k < members.length; k++) {
    x += positions[members[k] * 2];
    y += positions[members[k] * 2 + 1];
  }
  return [x / members.length, y / members.length];
}

describe('company clusters in the settled force layout', () => {
  const model = buildGraphModel(generateNetwork(1200, 1));
  const positions = settle(model);
  const clusters = model.groups.filter((company) => company.members.length >= 8);
  const centres = clusters.map((company) => centreOf(positions, company.members));

  it('keeps every person of a company nearer its own centre than any other company’s', () => {
    clusters.forEach((company, c) => {
      for (const member of company.members) {
        const [x, y] = [positions[member * 2], positions[member * 2 + 1]];
        const own = Math.hypot(x - centres[c][0], y - centres[c][1]);
        centres.forEach((other, o) => {
          if (o !== c) expect(own).toBeLessThan(Math.hypot(x - other[0], y - other[1]));
        });
      }
    });
  });

  it('leaves empty space between companies: no person stands inside another company’s disc', () => {
    const radius = clusters.map((company, c) =>
      Math.max(
        ...Array.from(company.members, (m) =>
          Math.hypot(positions[m * 2] - centres[c][0], positions[m * 2 + 1] - centres[c][1]),
        ),
      ),
    );
    clusters.forEach((company, c) =>
      centres.forEach((other, o) => {
        if (o === c) return;
        const gap = Math.hypot(other[0] - centres[c][0], other[1] - centres[c][1]) - radius[c] - radius[o];
        expect(gap).toBeGreaterThan(0);
      }),
    );
  });

  it('keeps YOU at the centre and the hubs between YOU and the companies', () => {
    expect([positions[model.anchorIndex * 2], positions[model.anchorIndex * 2 + 1]]).toEqual([0, 0]);
    const nearestCompany = Math.min(...centres.map(([x, y]) => Math.hypot(x, y)));
    expect(model.hubs.length).toBeGreaterThan(0);
    for (const teammate of model.hubs) {
      const d = Math.hypot(positions[teammate * 2], positions[teammate * 2 + 1]);
      expect(d).toBeLessThan(nearestCompany);
    }
  });
});

describe('clusterReach', () => {
  it('grows with the company and gives a pair far less room than a big company', () => {
    expect(clusterReach(100)).toBeGreaterThan(clusterReach(10));
    expect(clusterReach(2)).toBeLessThan(clusterReach(8) / 2);
  });
});

describe('teammateSpot', () => {
  it('is halfway from YOU to the centre of the teammate’s people', () => {
    expect(teammateSpot([0, 0], [400, 0], 0, 3)).toEqual([200, 0]);
  });

  it('puts hubs whose people surround YOU on a ring around YOU, one spot each', () => {
    const spots = [0, 1, 2].map((slot) => teammateSpot([0, 0], [0, 0], slot, 3));
    for (const [x, y] of spots) expect(Math.hypot(x, y)).toBeCloseTo(TEAMMATE_RING, 5);
    expect(new Set(spots.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)).size).toBe(3);
  });
});

describe('teammatePeople', () => {
  it('lists the people each teammate brings in, without YOU or other hubs', () => {
    const base = buildTestGraph({ Acme: 2 });
    const input = {
      nodes: [...base.nodes, buildTestNode({ id: 'mate', role: 'hub', group: null })],
      links: [...base.links, buildTestLink('you', 'mate', 'other'), buildTestLink('mate', 'Acme-1', 'other')],
    };
    const model = buildGraphModel(input);
    const [start, people] = teammatePeople({
      ...model,
      nodeCount: model.nodes.length,
      anchor: model.anchorIndex,
    });
    expect(Array.from(people.subarray(start[0], start[1])).map((i) => plainNodes(model)[i].id)).toEqual([
      'Acme-1',
    ]);
  });

  it('gives way to the page every few thousand links at workspace scale, with the same answer', () => {
    // Two hubs (1, 2) and YOU (0), each hub linked to 60,000 people: 120,000 links, which in one
    // step were a task of the page far over 50 ms at 400,000 links.
    const people = 60_000;
    const linkSources = new Uint32Array(people * 2);
    const linkTargets = new Uint32Array(people * 2);
    for (let k = 0; k < people * 2; k++) {
      linkSources[k] = 1 + (k % 2);
      linkTargets[k] = 3 + (k >> 1);
    }
    const input = {
      nodeCount: people + 3,
      linkSources,
      linkTargets,
      hubs: new Uint32Array([1, 2]),
      anchor: 0,
    };
    const steps = teammatePeopleSteps(input);
    let yields = 0;
    let result = steps.next();
    for (; !result.done; result = steps.next()) yields++;
    // Two passes over 120,000 links, at most 8,192 links a step.
    expect(yields).toBeGreaterThanOrEqual(2 * Math.floor(linkSources.length / 8192));
    const [start, found] = result.value;
    const [expectedStart, expected] = teammatePeople(input);
    expect(Array.from(start)).toEqual(Array.from(expectedStart));
    expect(found).toEqual(expected);
    expect(start[1] - start[0]).toBe(people);
  });
});
