import { describe, expect, it } from 'vitest';
import { FLAG_RING } from './node-flags';
import {
  LabelGrid,
  PERSON_LABEL_BUDGET,
  PERSON_LABEL_MIN_RADIUS_PX,
  planLabels,
  type LabelBox,
  type LabelPlanInput,
  type PlannedLabel,
} from './label-plan';

const VIEWPORT = { width: 800, height: 600 };
const RADIUS = 8;

/**
 * YOU at the origin and `companies` clusters of `size` people on a ring of radius 400, each
 * a grid of people 20 apart, plus their names.
 */
function scene(companies: number, size: number, zoom: number): LabelPlanInput {
  const count = 1 + companies * size;
  const positions = new Float32Array(count * 2);
  const groupOfNode = new Int32Array(count).fill(-1);
  const names = ['You'];
  const side = Math.ceil(Math.sqrt(size));
  for (let c = 0; c < companies; c++) {
    const angle = (2 * Math.PI * c) / companies;
    for (let k = 0; k < size; k++) {
      const node = 1 + c * size + k;
      positions[node * 2] = 400 * Math.cos(angle) + (k % side) * 20;
      positions[node * 2 + 1] = 400 * Math.sin(angle) + Math.floor(k / side) * 20;
      groupOfNode[node] = c;
      names.push(`Person ${node}`);
    }
  }
  return {
    positions,
    radii: new Float32Array(count).fill(RADIUS),
    camera: { x: 0, y: 0, zoom },
    viewport: VIEWPORT,
    groupOfNode,
    companies: Array.from({ length: companies }, (_, c) => ({ text: `Company ${c} (${size})`, size })),
    names,
    anchorIndex: 0,
    hovered: -1,
    flags: new Uint8Array(count),
  };
}

function overlaps(a: LabelBox, b: LabelBox): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

function expectNoOverlap(labels: PlannedLabel[]): void {
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++)
      expect(overlaps(labels[i].box, labels[j].box), `${labels[i].text} / ${labels[j].text}`).toBe(false);
}

describe('planLabels by level of detail', () => {
  it('far out, shows one label per company at its cluster centre and no names', () => {
    const input = scene(8, 30, 0.5);
    const labels = planLabels(input, new LabelGrid());
    expect(labels.every((label) => label.kind === 'company')).toBe(true);
    expect(labels.map((label) => label.text).sort()).toEqual(input.companies.map((c) => c.text).sort());
    const first = labels.find((label) => label.text === 'Company 0 (30)');
    // Company 0's people: 6 columns 20 apart from x 400, 5 rows 20 apart from y 0, centre (450, 40).
    const centre = { x: 400 + 450 * 0.5, y: 300 + 40 * 0.5 };
    expect(first && Math.abs(first.x - centre.x)).toBeLessThan(2);
    expect(first && Math.abs((first.box.y0 + first.box.y1) / 2 - centre.y)).toBeLessThan(2);
  });

  it('far out, reads no name: the render worker splits the names only when one is drawn', () => {
    const input = scene(8, 30, 0.5);
    let reads = 0;
    const counted = {
      ...input,
      get names() {
        reads++;
        return input.names;
      },
    };
    expect(planLabels(counted, new LabelGrid()).length).toBeGreaterThan(0);
    expect(reads).toBe(0);
    expect(planLabels({ ...counted, hovered: 5 }, new LabelGrid()).map((label) => label.text)).toContain(
      'Person 5',
    );
  });

  it('draws bigger clusters with bigger company labels', () => {
    const small = planLabels(scene(4, 9, 0.5), new LabelGrid())[0];
    const big = planLabels(scene(4, 100, 0.5), new LabelGrid())[0];
    expect(big.fontPx).toBeGreaterThan(small.fontPx);
  });

  it('close up, names the people large enough on screen, within the budget', () => {
    const zoom = (PERSON_LABEL_MIN_RADIUS_PX / RADIUS) * 1.5;
    const input = scene(3, 400, zoom);
    input.camera = { x: 500, y: 100, zoom };
    const labels = planLabels(input, new LabelGrid());
    const people = labels.filter((label) => label.kind === 'person');
    expect(people.length).toBeGreaterThan(10);
    expect(people.length).toBeLessThanOrEqual(PERSON_LABEL_BUDGET);
    expectNoOverlap(labels);
  });

  it('never overlaps two labels, whatever the zoom', () => {
    for (const zoom of [0.05, 0.2, 0.5, 1, 2, 4])
      expectNoOverlap(planLabels(scene(12, 60, zoom), new LabelGrid()));
  });

  it('always names the hovered and highlighted people, even far out', () => {
    const input = scene(8, 30, 0.2);
    input.hovered = 5;
    input.flags[40] = FLAG_RING;
    input.flags[41] = FLAG_RING;
    const names = planLabels(input, new LabelGrid())
      .filter((label) => label.kind === 'person')
      .map((label) => label.text);
    expect(names).toEqual(expect.arrayContaining(['Person 5', 'Person 40', 'Person 41']));
  });

  it('does not force names onto a highlight of thousands (a collaborator’s people)', () => {
    const input = scene(8, 300, 0.2);
    input.flags.fill(FLAG_RING, 1);
    const labels = planLabels(input, new LabelGrid());
    expectNoOverlap(labels);
  });
});
