import { worldToScreen, type CameraState, type Viewport } from '../camera/camera-math';
import { CLUSTER_RADIUS_STEP } from '../layout/cluster-forces';
import { FLAG_RING } from './node-flags';

/** Font size (px) the label texts are made at; bigger company labels are this text scaled. */
export const LABEL_FONT_PX = 11;
/** Width per character and height of a label, per px of font size, to place it before its text exists. */
const CHAR_WIDTH = 0.57;
const LINE_HEIGHT = 1.2;
/** A person's name shows once their disc is this big on screen (px of radius). */
export const PERSON_LABEL_MIN_RADIUS_PX = 7;
/** At most this many person names at once, whatever the zoom: the rest is a crowd, not text. */
export const PERSON_LABEL_BUDGET = 120;
/** Highlighted people (selection, path) are labelled whatever the room while they are this few. */
export const FORCED_LABEL_MAX = 40;
/** Company labels grow with their cluster on screen, between these font sizes (px). */
const COMPANY_FONT_MIN = 10;
const COMPANY_FONT_MAX = 26;
const COMPANY_FONT_SHARE = 0.25;
const CELL = 8;

/** Where labels may go: a coarse occupancy grid over the viewport. */
export class LabelGrid {
  private cells = new Uint8Array(0);
  private cols = 0;
  private rows = 0;

  reset(viewport: Viewport): void {
    this.cols = Math.ceil(viewport.width / CELL) + 1;
    this.rows = Math.ceil(viewport.height / CELL) + 1;
    if (this.cells.length < this.cols * this.rows) this.cells = new Uint8Array(this.cols * this.rows);
    this.cells.fill(0, 0, this.cols * this.rows);
  }

  /** Marks the cells of a screen box if all are free and on screen (or `force`); false otherwise. */
  claim(box: LabelBox, force = false): boolean {
    const c0 = Math.max(0, Math.floor(box.x0 / CELL));
    const c1 = Math.min(this.cols - 1, Math.floor(box.x1 / CELL));
    const r0 = Math.max(0, Math.floor(box.y0 / CELL));
    const r1 = Math.min(this.rows - 1, Math.floor(box.y1 / CELL));
    if (!Number.isFinite(box.x0 + box.y0 + box.x1 + box.y1)) return false;
    const isOnScreen = box.x0 >= 0 && box.y0 >= 0 && box.x1 < this.cols * CELL && box.y1 < this.rows * CELL;
    if (!force) {
      if (!isOnScreen) return false;
      for (let r = r0; r <= r1; r++)
        for (let c = c0; c <= c1; c++) if (this.cells[r * this.cols + c]) return false;
    }
    for (let r = r0; r <= r1; r++)
      if (c1 >= c0) this.cells.fill(1, r * this.cols + c0, r * this.cols + c1 + 1);
    return true;
  }
}

export interface LabelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A company worth a label (docs/product.md#graph-and-table: 8 or more people), with its text. */
export interface LabelledCompany {
  text: string;
  size: number;
}

export interface LabelPlanInput {
  positions: Float32Array;
  radii: Float32Array;
  camera: CameraState;
  viewport: Viewport;
  /** Index into `companies` by node, -1 for people of no labelled company. */
  groupOfNode: Int32Array;
  companies: readonly LabelledCompany[];
  /** Person names by node (YOU carries the badge instead). */
  names: readonly string[];
  anchorIndex: number;
  hovered: number;
  /** FLAG_RING marks highlighted people (selection, path). */
  flags: Uint8Array;
}

export interface PlannedLabel {
  kind: 'company' | 'person';
  /** Company index or node index. */
  index: number;
  text: string;
  /** Centre of the text's bottom edge, screen px. */
  x: number;
  y: number;
  fontPx: number;
  box: LabelBox;
}

/**
 * Which labels to draw this frame, by level of detail. Far out, one label per company cluster
 * at its centre, larger for larger clusters on screen. Closer in, people whose discs are big
 * enough on screen get their names, biggest first, up to a budget; company labels move to
 * the top of their cluster. No two labels overlap: each claims its box on a grid, in priority
 * order (hovered, highlighted, YOU's badge, companies by size, people by size); only the
 * hovered and a few highlighted people are drawn whatever the room.
 */
export function planLabels(input: LabelPlanInput, grid: LabelGrid): PlannedLabel[] {
  grid.reset(input.viewport);
  const planned: PlannedLabel[] = [];
  const labelled = new Set<number>();
  const person = (node: number, force: boolean): void => {
    if (node < 0 || node === input.anchorIndex || labelled.has(node)) return;
    const label = personLabel(input, node, grid, force);
    if (!label) return;
    labelled.add(node);
    planned.push(label);
  };
  person(input.hovered, true);
  const highlighted = flaggedNodes(input.flags);
  for (const node of highlighted) person(node, highlighted.length <= FORCED_LABEL_MAX);
  if (input.anchorIndex >= 0) {
    const [x, y] = screenOf(input, input.anchorIndex);
    const r = radiusPx(input, input.anchorIndex);
    grid.claim({ x0: x - 16, y0: y + r + 3, x1: x + 16, y1: y + r + 18 });
  }
  const isClose = closeUp(input);
  for (const company of companyLabels(input, isClose)) if (grid.claim(company.box)) planned.push(company);
  let budget = isClose ? PERSON_LABEL_BUDGET : 0;
  for (const node of isClose ? nameCandidates(input) : []) {
    if (budget <= 0) break;
    const before = planned.length;
    person(node, false);
    if (planned.length > before) budget--;
  }
  return planned;
}

/** Close up when a default-sized person is big enough on screen to carry a name. */
function closeUp(input: LabelPlanInput): boolean {
  return typicalRadius(input.radii) * input.camera.zoom >= PERSON_LABEL_MIN_RADIUS_PX;
}

function typicalRadius(radii: Float32Array): number {
  // A few samples are enough: sizes come from a dozen seniority levels.
  const samples: number[] = [];
  const step = Math.max(1, Math.floor(radii.length / 64));
  for (let i = 0; i < radii.length; i += step) samples.push(radii[i]);
  samples.sort((a, b) => a - b);
  return samples.length > 0 ? samples[samples.length >> 1] : 0;
}

function companyLabels(input: LabelPlanInput, isClose: boolean): PlannedLabel[] {
  const { companies, groupOfNode, positions } = input;
  const sumX = new Float64Array(companies.length);
  const sumY = new Float64Array(companies.length);
  const count = new Uint32Array(companies.length);
  for (let i = 0; i < groupOfNode.length; i++) {
    const c = groupOfNode[i];
    if (c < 0) continue;
    sumX[c] += positions[i * 2];
    sumY[c] += positions[i * 2 + 1];
    count[c]++;
  }
  const labels: PlannedLabel[] = [];
  companies.forEach((company, c) => {
    if (count[c] === 0) return;
    const [x, y] = worldToScreen(input.camera, input.viewport, sumX[c] / count[c], sumY[c] / count[c]);
    const clusterPx = CLUSTER_RADIUS_STEP * Math.sqrt(count[c]) * input.camera.zoom;
    const fontPx = Math.min(COMPANY_FONT_MAX, COMPANY_FONT_MIN + clusterPx * COMPANY_FONT_SHARE);
    // Close up the names of its people fill the cluster: its own name goes on top of it.
    const baseline = isClose ? y - clusterPx - 4 : y + fontPx / 2;
    labels.push(textLabel('company', c, company.text, x, baseline, fontPx));
  });
  // Largest first (companies arrive sorted by size; a filter can shrink one).
  return labels.sort((a, b) => count[b.index] - count[a.index]);
}

/** On-screen people whose discs are big enough for a name, biggest first. */
function nameCandidates(input: LabelPlanInput): number[] {
  const { radii, viewport } = input;
  const zoom = input.camera.zoom;
  const candidates: number[] = [];
  for (let i = 0; i < radii.length; i++) {
    if (radii[i] * zoom < PERSON_LABEL_MIN_RADIUS_PX || i === input.anchorIndex) continue;
    const [x, y] = screenOf(input, i);
    if (x < 0 || y < 0 || x > viewport.width || y > viewport.height) continue;
    candidates.push(i);
  }
  return candidates.sort((a, b) => radii[b] - radii[a] || a - b);
}

function personLabel(
  input: LabelPlanInput,
  node: number,
  grid: LabelGrid,
  force: boolean,
): PlannedLabel | null {
  const text = input.names[node] ?? '';
  if (!text) return null;
  const [x, y] = screenOf(input, node);
  const r = radiusPx(input, node);
  // Above the disc, else below it; a forced label takes the spot above if neither is free.
  const above = textLabel('person', node, text, x, y - r - 2, LABEL_FONT_PX);
  if (grid.claim(above.box)) return above;
  const below = textLabel('person', node, text, x, y + r + 2 + LABEL_FONT_PX * LINE_HEIGHT, LABEL_FONT_PX);
  if (grid.claim(below.box)) return below;
  return force && grid.claim(above.box, true) ? above : null;
}

function textLabel(
  kind: PlannedLabel['kind'],
  index: number,
  text: string,
  x: number,
  baseline: number,
  fontPx: number,
): PlannedLabel {
  const halfWidth = (text.length * CHAR_WIDTH * fontPx) / 2;
  const box = { x0: x - halfWidth, y0: baseline - fontPx * LINE_HEIGHT, x1: x + halfWidth, y1: baseline };
  return { kind, index, text, x: Math.round(x), y: Math.round(baseline), fontPx, box };
}

function flaggedNodes(flags: Uint8Array): number[] {
  const nodes: number[] = [];
  for (let i = 0; i < flags.length; i++) if (flags[i] & FLAG_RING) nodes.push(i);
  return nodes;
}

function screenOf(input: LabelPlanInput, node: number): [number, number] {
  return worldToScreen(
    input.camera,
    input.viewport,
    input.positions[node * 2],
    input.positions[node * 2 + 1],
  );
}

function radiusPx(input: LabelPlanInput, node: number): number {
  return Math.max(input.radii[node] * input.camera.zoom, 1.2);
}
