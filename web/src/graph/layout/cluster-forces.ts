import { drain, SLICE_ITEMS, type Steps } from '../sliced-task';

/** A body as ngraph.forcelayout has it: only what the cluster forces read and write. */
export interface ForceBody {
  pos: { x: number; y: number };
  force: { x: number; y: number };
  isPinned: boolean;
}

/** Links and hubs in index form: what teammatePeople reads. */
export interface TeammateInput {
  nodeCount: number;
  linkSources: Uint32Array;
  linkTargets: Uint32Array;
  /** Teammates of a workspace graph, placed between YOU and the people they know. */
  hubs: Uint32Array;
  /** YOU, or -1. */
  anchor: number;
}

/** Who belongs together, in index form (a slice of the worker's LayoutGraph). */
export interface ClusterInput extends TeammateInput {
  /** Company by node (dense ids), -1 for people without one, YOU and hubs. */
  groupOfNode: Int32Array;
}

/**
 * Pull towards the company's centre per unit of distance. Strong enough that a company stays a
 * compact group against the repulsion of its own people, so the space between companies opens
 * into visible gaps (the whole picture's area is set by the pull to the origin).
 */
export const COHESION = 0.08;
/** Pull of a teammate towards the midpoint of YOU and the people they know. */
const TEAMMATE_PULL = 0.2;
/** A company of n people is drawn as a disc of about this times √n in radius (world units). */
export const CLUSTER_RADIUS_STEP = 7;
/** Empty space kept between two companies' discs: a fixed margin plus a share of the radii. */
export const CLUSTER_GAP = 90;
const CLUSTER_GAP_SHARE = 0.3;
/** Push apart per unit of overlap between two company discs. */
const SEPARATION = 0.05;

/** Companies this big get the full gap; smaller ones a share of it (a pair needs little room). */
const FULL_GAP_SIZE = 8;
/** Teammates stand at least this far from YOU (world units), on a small ring around them. */
export const TEAMMATE_RING = 50;

/** The disc a company of `size` people should keep to itself, gap included (world units). */
export function clusterReach(size: number): number {
  const radius = CLUSTER_RADIUS_STEP * Math.sqrt(size);
  const gap = CLUSTER_GAP * Math.min(1, size / FULL_GAP_SIZE);
  return radius * (1 + CLUSTER_GAP_SHARE * Math.min(1, size / FULL_GAP_SIZE)) + gap / 2;
}

/**
 * Where a teammate belongs: halfway from YOU to the centre of the people they know, but at
 * least TEAMMATE_RING from YOU (a pooled network's people surround YOU, so their centre is
 * often YOU's own place: then the hubs share a small ring, in their order).
 */
export function teammateSpot(
  you: [number, number],
  peopleCentre: [number, number] | null,
  slot: number,
  slots: number,
): [number, number] {
  const dx = peopleCentre ? (peopleCentre[0] - you[0]) / 2 : 0;
  const dy = peopleCentre ? (peopleCentre[1] - you[1]) / 2 : 0;
  const d = Math.hypot(dx, dy);
  if (d >= TEAMMATE_RING) return [you[0] + dx, you[1] + dy];
  const angle = d > 1 ? Math.atan2(dy, dx) : (2 * Math.PI * slot) / Math.max(1, slots) - Math.PI / 2;
  return [you[0] + TEAMMATE_RING * Math.cos(angle), you[1] + TEAMMATE_RING * Math.sin(angle)];
}

/**
 * Company clusters in O(people) per step, without a link per pair of colleagues: each company's
 * centre is summed from its people's positions, and each person is pulled towards it. Teammates
 * are pulled to the middle of YOU and the centre of the people they alone bring in, so the
 * picture reads YOU → teammate → their people.
 */
export class ClusterForces {
  private readonly companyCount: number;
  private readonly sumX: Float64Array;
  private readonly sumY: Float64Array;
  private readonly size: Uint32Array;
  /** CSR lists of each teammate's people (not YOU, not other hubs). */
  private readonly mateStart: Uint32Array;
  private readonly matePeople: Uint32Array;
  /** Companies of two or more, kept in order of their disc's left edge between steps. */
  private readonly order: Uint32Array;
  private readonly reach: Float64Array;
  private readonly left: Float64Array;
  private readonly pushX: Float64Array;
  private readonly pushY: Float64Array;
  private isSorted = false;

  constructor(private readonly input: ClusterInput) {
    let companies = 0;
    for (const company of input.groupOfNode) companies = Math.max(companies, company + 1);
    this.companyCount = companies;
    this.sumX = new Float64Array(companies);
    this.sumY = new Float64Array(companies);
    this.size = new Uint32Array(companies);
    for (const company of input.groupOfNode) if (company >= 0) this.size[company]++;
    [this.mateStart, this.matePeople] = teammatePeople(input);
    const grouped: number[] = [];
    this.reach = new Float64Array(companies);
    for (let c = 0; c < companies; c++) {
      this.reach[c] = clusterReach(this.size[c]);
      if (this.size[c] >= 2) grouped.push(c);
    }
    this.order = Uint32Array.from(grouped);
    this.left = new Float64Array(companies);
    this.pushX = new Float64Array(companies);
    this.pushY = new Float64Array(companies);
  }

  /** Adds the cluster forces to `bodies[i].force`; `strength` scales them (0 turns them off). */
  apply(bodies: readonly ForceBody[], strength: number): void {
    if (strength === 0) return;
    this.sum(bodies);
    this.applyCohesion(bodies, strength);
    this.applySeparation(bodies, strength);
    this.applyTeammates(bodies, strength);
  }

  /** Each company's centre (x, y) from current positions; NaN for an empty company. */
  centres(bodies: readonly ForceBody[]): Float64Array {
    this.sum(bodies);
    const out = new Float64Array(this.companyCount * 2);
    for (let c = 0; c < this.companyCount; c++) {
      out[c * 2] = this.sumX[c] / this.size[c];
      out[c * 2 + 1] = this.sumY[c] / this.size[c];
    }
    return out;
  }

  private sum(bodies: readonly ForceBody[]): void {
    const { groupOfNode } = this.input;
    this.sumX.fill(0);
    this.sumY.fill(0);
    for (let i = 0; i < bodies.length; i++) {
      const company = groupOfNode[i];
      if (company < 0) continue;
      this.sumX[company] += bodies[i].pos.x;
      this.sumY[company] += bodies[i].pos.y;
    }
  }

  private applyCohesion(bodies: readonly ForceBody[], strength: number): void {
    const { groupOfNode } = this.input;
    const k = COHESION * strength;
    for (let i = 0; i < bodies.length; i++) {
      const company = groupOfNode[i];
      if (company < 0 || this.size[company] < 2) continue;
      const body = bodies[i];
      body.force.x += k * (this.sumX[company] / this.size[company] - body.pos.x);
      body.force.y += k * (this.sumY[company] / this.size[company] - body.pos.y);
    }
  }

  /**
   * Sweep and prune over the companies' discs: sorted by left edge (insertion sort, nearly
   * sorted from the last step, so O(companies) once settled), each disc is tested only against
   * those starting before it ends. Overlapping discs are pushed apart, the smaller one more;
   * every member of a company gets the same push, so the company moves as one.
   */
  private applySeparation(bodies: readonly ForceBody[], strength: number): void {
    const { order, reach, left, size, sumX, sumY, pushX, pushY } = this;
    for (const c of order) left[c] = sumX[c] / size[c] - reach[c];
    if (!this.isSorted) order.sort((a, b) => left[a] - left[b]);
    this.isSorted = true;
    for (let a = 1; a < order.length; a++) {
      const c = order[a];
      let b = a - 1;
      while (b >= 0 && left[order[b]] > left[c]) {
        order[b + 1] = order[b];
        b--;
      }
      order[b + 1] = c;
    }
    pushX.fill(0);
    pushY.fill(0);
    const k = SEPARATION * strength;
    for (let a = 0; a < order.length; a++) {
      const i = order[a];
      const xi = sumX[i] / size[i];
      const yi = sumY[i] / size[i];
      const right = xi + reach[i];
      for (let b = a + 1; b < order.length; b++) {
        const j = order[b];
        if (left[j] >= right) break;
        const wanted = reach[i] + reach[j];
        const dx = sumX[j] / size[j] - xi;
        const dy = sumY[j] / size[j] - yi;
        if (Math.abs(dy) >= wanted) continue;
        const d = Math.hypot(dx, dy);
        if (d >= wanted) continue;
        // Coincident centres: part them along an arbitrary but fixed axis.
        const [ux, uy] = d > 1e-6 ? [dx / d, dy / d] : [1, 0];
        const push = k * (wanted - d);
        const share = size[j] / (size[i] + size[j]);
        pushX[i] -= ux * push * share;
        pushY[i] -= uy * push * share;
        pushX[j] += ux * push * (1 - share);
        pushY[j] += uy * push * (1 - share);
      }
    }
    const { groupOfNode } = this.input;
    for (let n = 0; n < bodies.length; n++) {
      const c = groupOfNode[n];
      if (c < 0) continue;
      bodies[n].force.x += pushX[c];
      bodies[n].force.y += pushY[c];
    }
  }

  private applyTeammates(bodies: readonly ForceBody[], strength: number): void {
    const { hubs, anchor } = this.input;
    const youX = anchor >= 0 ? bodies[anchor].pos.x : 0;
    const youY = anchor >= 0 ? bodies[anchor].pos.y : 0;
    const k = TEAMMATE_PULL * strength;
    for (let t = 0; t < hubs.length; t++) {
      const from = this.mateStart[t];
      const to = this.mateStart[t + 1];
      let x = 0;
      let y = 0;
      for (let p = from; p < to; p++) {
        x += bodies[this.matePeople[p]].pos.x;
        y += bodies[this.matePeople[p]].pos.y;
      }
      const centre: [number, number] | null = to > from ? [x / (to - from), y / (to - from)] : null;
      const [tx, ty] = teammateSpot([youX, youY], centre, t, hubs.length);
      const body = bodies[hubs[t]];
      body.force.x += k * (tx - body.pos.x);
      body.force.y += k * (ty - body.pos.y);
    }
  }
}

/** Links visited between yields: each is a few array reads, far cheaper than a node's step. */
const LINK_SLICE = SLICE_ITEMS * 4;

/** For each teammate, the people linked to them who are neither YOU nor a teammate (CSR). */
export function teammatePeople(input: TeammateInput): [Uint32Array, Uint32Array] {
  return drain(teammatePeopleSteps(input));
}

/**
 * teammatePeople in slices: two passes over every link, too long for one task of the page at
 * 400,000 links (docs/performance.md#the-workspace-screens-first-picture).
 */
export function* teammatePeopleSteps(input: TeammateInput): Steps<[Uint32Array, Uint32Array]> {
  const { hubs, linkSources, linkTargets, anchor } = input;
  const slot = new Int32Array(input.nodeCount).fill(-1);
  hubs.forEach((node, t) => (slot[node] = t));
  const isPerson = (node: number): boolean => node !== anchor && slot[node] < 0;
  const start = new Uint32Array(hubs.length + 1);
  function* visit(add: (t: number, person: number) => void): Steps<void> {
    for (let k = 0; k < linkSources.length; k++) {
      const a = linkSources[k];
      const b = linkTargets[k];
      if (slot[a] >= 0 && isPerson(b)) add(slot[a], b);
      else if (slot[b] >= 0 && isPerson(a)) add(slot[b], a);
      if (k % LINK_SLICE === LINK_SLICE - 1) yield;
    }
  }
  yield* visit((t) => start[t + 1]++);
  for (let t = 0; t < hubs.length; t++) start[t + 1] += start[t];
  const people = new Uint32Array(start[hubs.length]);
  const fill = start.slice(0, hubs.length);
  yield* visit((t, person) => (people[fill[t]++] = person));
  return [start, people];
}
