import type { GraphModel } from '../model/graph-model';
import { drain, SLICE_ITEMS, type Steps } from '../sliced-task';
import { clusterReach, teammatePeopleSteps, teammateSpot } from './cluster-forces';

/** Distance between neighbours in a company disc, a little over one default node diameter. */
export const PLACEMENT_SPACING = 12;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** Vogel's spiral: points c·√k apart by ~1.7c, so c = spacing / 1.7. */
const SPIRAL_STEP = PLACEMENT_SPACING / 1.7;
const DISC_GAP = PLACEMENT_SPACING * 0.6;
/** The first ring sits one "other" link length (80) beyond YOU, as the spec's link lengths ask. */
const FIRST_RING = 80;

/** A graph on screen: its model and where its nodes stand now. */
export interface PlacedGraph {
  model: GraphModel;
  positions: Float32Array;
}

/**
 * A new graph's first positions, as slices: a fresh placement, and when a graph is on screen,
 * its nodes kept where they stand (see mergePlacement).
 */
export function* placeSteps(model: GraphModel, previous: PlacedGraph | null): Steps<Float32Array> {
  const fresh = yield* placeInitiallySteps(model);
  yield;
  if (!previous) return fresh;
  const known = yield* knownPositionsSteps(previous.model, previous.positions);
  const positions = yield* mergePlacementSteps(model, fresh, known);
  yield;
  return positions;
}

/**
 * A readable first frame in O(nodes): YOU at the origin, each company a small sunflower disc of
 * its people (most senior in the middle), discs on rings around YOU, largest companies nearest.
 * People without a company each get a disc of one on the outer rings. The force layout only
 * refines this, so it settles in far fewer steps than from random positions.
 */
export function placeInitially(model: GraphModel): Float32Array {
  return drain(placeInitiallySteps(model));
}

export function* placeInitiallySteps(model: GraphModel): Steps<Float32Array> {
  const positions = new Float32Array(model.nodes.length * 2);
  const rings = new RingPacker();
  let placed = 0;
  const placeDisc = (members: ArrayLike<number>): void => {
    // A company's disc plus its share of the gap the cluster forces keep between companies.
    const [cx, cy] = rings.place(
      members.length > 1 ? clusterReach(members.length) : SPIRAL_STEP * Math.sqrt(members.length),
    );
    for (let k = 0; k < members.length; k++) {
      const r = SPIRAL_STEP * Math.sqrt(k === 0 ? 0 : k + 0.5);
      positions[members[k] * 2] = cx + r * Math.cos(k * GOLDEN_ANGLE);
      positions[members[k] * 2 + 1] = cy + r * Math.sin(k * GOLDEN_ANGLE);
    }
    placed += members.length;
  };
  const isTeammate = new Uint8Array(model.nodes.length);
  for (const teammate of model.hubs) isTeammate[teammate] = 1;
  for (const company of model.groups) {
    placeDisc(withoutTeammates(company.members, isTeammate));
    if (placed >= SLICE_ITEMS) {
      placed = 0;
      yield;
    }
  }
  const single = [0];
  for (let index = 0; index < model.nodes.length; index++) {
    if (index === model.anchorIndex || model.groupOfNode[index] >= 0 || isTeammate[index]) continue;
    single[0] = index;
    placeDisc(single);
  }
  yield;
  yield* placeTeammatesSteps(model, positions);
  return positions;
}

function withoutTeammates(members: Uint32Array, isTeammate: Uint8Array): ArrayLike<number> {
  for (const member of members) if (isTeammate[member]) return members.filter((m) => !isTeammate[m]);
  return members;
}

/** Each teammate between YOU (the origin) and the people they bring in (O(links), in slices). */
function* placeTeammatesSteps(model: GraphModel, positions: Float32Array): Steps<void> {
  const { hubs } = model;
  if (hubs.length === 0) return;
  const [start, people] = yield* teammatePeopleSteps({
    nodeCount: model.nodes.length,
    linkSources: model.linkSources,
    linkTargets: model.linkTargets,
    hubs,
    anchor: model.anchorIndex,
  });
  hubs.forEach((teammate, t) => {
    let x = 0;
    let y = 0;
    for (let p = start[t]; p < start[t + 1]; p++) {
      x += positions[people[p] * 2];
      y += positions[people[p] * 2 + 1];
    }
    const count = start[t + 1] - start[t];
    const centre: [number, number] | null = count > 0 ? [x / count, y / count] : null;
    [positions[teammate * 2], positions[teammate * 2 + 1]] = teammateSpot([0, 0], centre, t, hubs.length);
  });
}

/** Lays discs side by side along concentric rings, opening a wider ring when one is full. */
class RingPacker {
  private ringRadius = 0;
  private angle = 0;
  private widest = 0;
  private isFirst = true;

  place(discRadius: number): [number, number] {
    if (this.isFirst) {
      this.ringRadius = FIRST_RING + discRadius;
      this.isFirst = false;
    }
    let sweep = this.sweepFor(discRadius);
    if (this.angle > 0 && this.angle + sweep > Math.PI * 2) {
      this.ringRadius += this.widest + discRadius + DISC_GAP;
      this.angle = 0;
      this.widest = 0;
      sweep = this.sweepFor(discRadius);
    }
    const middle = this.angle + sweep / 2;
    this.angle += sweep;
    this.widest = Math.max(this.widest, discRadius);
    return [this.ringRadius * Math.cos(middle), this.ringRadius * Math.sin(middle)];
  }

  private sweepFor(discRadius: number): number {
    const chord = Math.min(1, (discRadius + DISC_GAP / 2) / this.ringRadius);
    return 2 * Math.asin(chord);
  }
}

/**
 * Keeps the positions of people already on screen when the graph changes (a filter, a new
 * import), so the picture does not jump; newcomers start beside a known colleague, else at
 * their place in a fresh layout.
 */
export function mergePlacement(
  model: GraphModel,
  fresh: Float32Array,
  previous: ReadonlyMap<string, readonly [number, number]>,
): Float32Array {
  return drain(mergePlacementSteps(model, fresh, previous));
}

/** mergePlacement as slices for runSliced: a filter change at 30,000 people must not block the page. */
export function* mergePlacementSteps(
  model: GraphModel,
  fresh: Float32Array,
  previous: ReadonlyMap<string, readonly [number, number]>,
): Steps<Float32Array> {
  const positions = fresh.slice();
  const { nodes } = model;
  const id = model.read.node.id;
  for (let index = 0; index < nodes.length; index++) {
    const known = previous.get(id(nodes[index]));
    if (known) {
      positions[index * 2] = known[0];
      positions[index * 2 + 1] = known[1];
    }
    if (index % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
  }
  let visited = 0;
  for (const company of model.groups) {
    const { members } = company;
    visited += members.length;
    let anchor = -1;
    for (let k = 0; k < members.length && anchor < 0; k++)
      if (previous.has(id(nodes[members[k]]))) anchor = members[k];
    if (anchor >= 0)
      for (let k = 0; k < members.length; k++) {
        const member = members[k];
        if (previous.has(id(nodes[member]))) continue;
        positions[member * 2] =
          positions[anchor * 2] + SPIRAL_STEP * Math.cos(k * GOLDEN_ANGLE) * Math.sqrt(k + 1);
        positions[member * 2 + 1] =
          positions[anchor * 2 + 1] + SPIRAL_STEP * Math.sin(k * GOLDEN_ANGLE) * Math.sqrt(k + 1);
      }
    if (visited >= SLICE_ITEMS) {
      visited = 0;
      yield;
    }
  }
  return positions;
}

/** Where each person of a graph on screen stands, by id (the `previous` of mergePlacement). */
export function* knownPositionsSteps(
  { nodes, read }: GraphModel,
  positions: Float32Array,
): Steps<Map<string, readonly [number, number]>> {
  const known = new Map<string, readonly [number, number]>();
  for (let i = 0; i < nodes.length; i++) {
    known.set(read.node.id(nodes[i]), [positions[i * 2], positions[i * 2 + 1]]);
    if (i % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
  }
  return known;
}
