import createGraph from 'ngraph.graph';
import createLayout, { type Body, type Layout, type PhysicsSettings, type Spring } from 'ngraph.forcelayout';
import type { Graph, Link, NodeId } from 'ngraph.graph';
import { D3_DEFAULT_CHARGE } from '../constants';
import { LINK_GROUP } from '../model/graph-model';
import { ClusterForces } from './cluster-forces';
import type { ForceParams, LayoutGraph } from './layout-protocol';

/**
 * ngraph repulsion for d3's default charge of -30: company links settle near their length of
 * 20 and the whole picture at about the size of the initial placement, so settling is short.
 */
const BASE_GRAVITY = -300;
const SPRING_COEFFICIENT = 0.8;
/** Barnes-Hut opening angle: coarser than ngraph's 0.8, which costs 4x at 30k for no visible gain. */
const THETA = 1.2;
/**
 * Pull towards the origin per unit of distance (times the spec's centre strength): enough to
 * keep people without links at the edge of the picture instead of drifting off under repulsion.
 */
const CENTER_GAIN = 0.01;

interface LinkData {
  kind: number;
}

type Settings = Partial<PhysicsSettings> & {
  springTransform: (link: Link<LinkData>, spring: Spring) => void;
  nodeMass: (id: NodeId) => number;
};

/**
 * ngraph.forcelayout over dense indices, with the spec's link lengths, a weak pull to the
 * centre and per-step mean movement for our stop rule. Runs in the worker (and in Node tests).
 */
export class ForceSimulation {
  private readonly graph: Graph<unknown, LinkData>;
  private readonly layout: Layout<Graph<unknown, LinkData>>;
  private readonly bodies: Body[] = [];
  private readonly previous: Float32Array;
  private params: ForceParams;
  private centerStrength = 0;
  private readonly clusters: ClusterForces;

  constructor(
    private readonly source: LayoutGraph,
    params: ForceParams,
  ) {
    this.params = params;
    this.graph = createGraph<unknown, LinkData>();
    const degree = new Uint32Array(source.nodeCount);
    for (let i = 0; i < source.nodeCount; i++) this.graph.addNode(i);
    for (let k = 0; k < source.linkSources.length; k++) {
      this.graph.addLink(source.linkSources[k], source.linkTargets[k], { kind: source.linkKinds[k] });
      degree[source.linkSources[k]]++;
      degree[source.linkTargets[k]]++;
    }
    const settings: Settings = {
      gravity: gravityFor(params.charge),
      theta: THETA,
      springCoefficient: SPRING_COEFFICIENT,
      dragCoefficient: 0.9,
      timeStep: 1,
      springTransform: (link, spring) => this.shapeSpring(link, spring, degree),
      // Equal masses: ngraph's default (1 + degree / 3) multiplies repulsion inside cliques and
      // spreads every small company into a ring instead of a tight group.
      nodeMass: () => 1,
    };
    this.layout = createLayout(this.graph, settings);
    for (let i = 0; i < source.nodeCount; i++) {
      const body = this.layout.getBody(i);
      if (!body) throw new Error(`layout lost node ${i}`);
      this.bodies.push(body);
    }
    this.previous = new Float32Array(source.nodeCount * 2);
    this.setPositions(source.positions);
    this.centerStrength = params.centerStrength;
    this.clusters = new ClusterForces(source);
    this.layout.simulator.addForce('center', () => this.pullToCenter());
    this.layout.simulator.addForce('clusters', () => this.clusters.apply(this.bodies, 1));
    if (source.anchor >= 0) this.bodies[source.anchor].isPinned = true;
  }

  /** The largest distance a body may move in one step (ngraph caps speed at 1 per time unit). */
  set temperature(value: number) {
    this.layout.simulator.settings.timeStep = value;
  }

  setParams(params: ForceParams): void {
    this.params = params;
    this.layout.simulator.gravity(gravityFor(params.charge));
    this.centerStrength = params.centerStrength;
    this.graph.forEachLink((link) => {
      this.shapeSpring(link, this.layout.getSpring(link), null);
    });
  }

  /** One step; returns the mean movement per node (world units). */
  step(): number {
    this.layout.step();
    let moved = 0;
    for (let i = 0; i < this.bodies.length; i++) {
      const pos = this.bodies[i].pos;
      moved += Math.abs(pos.x - this.previous[i * 2]) + Math.abs(pos.y - this.previous[i * 2 + 1]);
      this.previous[i * 2] = pos.x;
      this.previous[i * 2 + 1] = pos.y;
    }
    return moved / Math.max(1, this.bodies.length);
  }

  writePositions(out: Float32Array): void {
    out.set(this.previous.subarray(0, Math.min(out.length, this.previous.length)));
  }

  /** Pins every body at `positions` (circular and hierarchical layouts). */
  pinAll(positions: Float32Array): void {
    this.setPositions(positions);
    for (const body of this.bodies) body.isPinned = true;
  }

  /** Frees everyone but the anchor. */
  releaseAll(): void {
    this.bodies.forEach((body, index) => {
      body.isPinned = index === this.source.anchor;
      body.velocity.x = 0;
      body.velocity.y = 0;
    });
  }

  get isAllPinned(): boolean {
    return this.bodies.every((body) => body.isPinned);
  }

  dispose(): void {
    this.layout.dispose();
  }

  private setPositions(positions: Float32Array): void {
    this.bodies.forEach((body, i) => {
      body.setPosition(positions[i * 2], positions[i * 2 + 1]);
      body.velocity.x = 0;
      body.velocity.y = 0;
    });
    this.previous.set(positions.subarray(0, this.previous.length));
  }

  private shapeSpring(link: Link<LinkData>, spring: Spring, degree: Uint32Array | null): void {
    const isCompany = link.data.kind === LINK_GROUP;
    spring.length = isCompany ? this.params.companyLinkLength : this.params.otherLinkLength;
    if (degree) {
      // Company links as d3's default strength (weaker the busier the quieter end is), so a
      // company holds together. Other links (YOU's thousands) by the busier end: with d3's rule
      // they pull everyone onto one ring around YOU and the companies dissolve into a ball.
      const [a, b] = [degree[Number(link.fromId)], degree[Number(link.toId)]];
      spring.coefficient = SPRING_COEFFICIENT / (isCompany ? Math.min(a, b) : Math.max(a, b));
    }
  }

  private pullToCenter(): void {
    const k = this.centerStrength * CENTER_GAIN;
    if (k === 0) return;
    for (const body of this.bodies) {
      body.force.x -= k * body.pos.x * body.mass;
      body.force.y -= k * body.pos.y * body.mass;
    }
  }
}

function gravityFor(charge: number): number {
  return BASE_GRAVITY * (charge / D3_DEFAULT_CHARGE);
}
