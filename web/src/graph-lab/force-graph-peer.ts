import ForceGraph, { type LinkObject, type NodeObject } from 'force-graph';
import { personName, type GeneratedNetwork } from './generate-network';
import type { GraphLabHooks } from './lab-hooks';

interface PeerNode extends NodeObject {
  id: string;
  size: number;
  color: string;
}
interface PeerLink extends LinkObject<PeerNode> {
  isCompany: boolean;
}

interface PeerOptions {
  generateMs: number;
  longTasks: { start: number; duration: number }[];
}

/**
 * The earlier version's renderer as the benchmark peer: force-graph (canvas 2D, d3-force on
 * the main thread) with its settings: cooldownTicks 100, warmupTicks 200, alpha decay 0.01,
 * velocity decay 0.1, link distances 20 (company) / 80.
 */
export function mountForceGraphPeer(
  container: HTMLElement,
  network: GeneratedNetwork,
  options: PeerOptions,
): GraphLabHooks {
  const hex = (color: number): string => `#${color.toString(16).padStart(6, '0')}`;
  const nodes: PeerNode[] = network.nodes.map((node) => ({
    id: node.id,
    size: node.size,
    color: hex(node.color),
  }));
  const links: PeerLink[] = network.links.map((link) => ({
    source: link.source,
    target: link.target,
    isCompany: link.kind === 'group',
  }));
  const frames: { at: number; ms: number }[] = [];
  let frameStart = 0;
  const t0 = performance.mark('graph-lab:t0').startTime;
  const graph = new ForceGraph<PeerNode, PeerLink>(container);
  const hooks: GraphLabHooks = {
    engine: 'force-graph',
    nodes: nodes.length,
    links: links.length,
    generateMs: options.generateMs,
    t0,
    firstFrameAt: null,
    settledAt: null,
    longTasks: options.longTasks,
    hovered: null,
    clicks: [],
    captions: [],
    rendererFrames: (since) => frames.filter((frame) => frame.at >= since),
    workerFrames: () => [],
    nodeScreenPosition: (id) => {
      const node = nodes.find((n) => n.id === id);
      return node && node.x !== undefined && node.y !== undefined
        ? graph.graph2ScreenCoords(node.x, node.y)
        : null;
    },
    nodeIds: () => nodes.map((node) => node.id),
    companyOf: (id) => network.nodes.find((node) => node.id === id)?.group ?? null,
    labels: () => [],
    centerOn: () => undefined,
    personName: (id) => personName(network, id),
    fitNow: () => graph.zoomToFit(0),
    highlight: () => undefined,
    startGuidedTour: () => undefined,
    stopTour: () => undefined,
    setLayout: () => undefined,
    exportPngBytes: async () => 0,
  };
  graph
    .width(container.clientWidth)
    .height(container.clientHeight)
    .backgroundColor('#0b1120')
    .nodeVal('size')
    .nodeColor('color')
    .nodeLabel(() => '')
    .linkColor((link) => (link.isCompany ? 'rgba(148,163,184,0.3)' : 'rgba(148,163,184,0.07)'))
    .linkWidth((link) => (link.isCompany ? 1.5 : 1))
    .cooldownTicks(100)
    .warmupTicks(200)
    .d3AlphaDecay(0.01)
    .d3VelocityDecay(0.1)
    .onRenderFramePre(() => (frameStart = performance.now()))
    .onRenderFramePost(() => {
      const now = performance.now();
      frames.push({ at: frameStart, ms: now - frameStart });
      // force-graph draws empty frames before its warm-up ticks; the first frame is the first with people.
      if (nodes[0]?.x !== undefined) hooks.firstFrameAt ??= now;
    })
    .onEngineStop(() => {
      if (hooks.settledAt === null) hooks.settledAt = performance.mark('graph-lab:settled').startTime;
    })
    .onNodeClick((node) => hooks.clicks.push(node.id));
  const linkForce = graph.d3Force('link') as unknown as
    { distance(fn: (link: PeerLink) => number): void } | undefined;
  linkForce?.distance((link) => (link.isCompany ? 20 : 80));
  // After the hooks are published: force-graph's 200 warm-up ticks run in one task, and at
  // 30,000 people the benchmark must still find the page to time it out.
  setTimeout(() => graph.graphData({ nodes, links }), 0);
  return hooks;
}
