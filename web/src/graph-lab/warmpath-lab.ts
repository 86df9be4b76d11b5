import { createGraphEngine, type GraphNode } from '../graph';
import { personName, type GeneratedNetwork, type LabNode } from './generate-network';
import type { GraphLabHooks } from './lab-hooks';
import { mountLabChrome } from './lab-chrome';

interface LabOptions {
  generateMs: number;
  longTasks: { start: number; duration: number }[];
  autoFit: boolean;
}

/** Our engine on the generated data, with a tooltip, a caption line and a toolbar. */
export function mountWarmpathLab(
  container: HTMLElement,
  network: GeneratedNetwork,
  options: LabOptions,
): GraphLabHooks {
  const t0 = performance.mark('graph-lab:t0').startTime;
  const engine = createGraphEngine(container, {
    autoFit: options.autoFit,
    groupKey: (name) => name.trim().replace(/\s+/g, ' ').toLowerCase(),
    captions: {
      anchor: 'You are at the center of your network',
      group: (company, size) => `${company}: ${size} connections`,
      node: (node: GraphNode) => {
        const { label, position, group } = node as LabNode;
        const role = [position, group].filter(Boolean).join(' at ');
        return role ? `${label}: ${role}` : label;
      },
    },
  });
  engine.setGraph(network);
  const chrome = mountLabChrome(container, engine);
  const hooks: GraphLabHooks = {
    engine: 'warmpath',
    nodes: network.nodes.length,
    links: network.links.length,
    generateMs: options.generateMs,
    t0,
    firstFrameAt: null,
    settledAt: null,
    longTasks: options.longTasks,
    hovered: null,
    clicks: [],
    captions: [],
    rendererFrames: (since) => engine.stats(since).frames,
    workerFrames: (since) => engine.stats(since).workerFrames,
    nodeScreenPosition: (id) => engine.nodeScreenPosition(id),
    nodeIds: () => network.nodes.map((node) => node.id),
    companyOf: (id) => network.nodes.find((node) => node.id === id)?.group ?? null,
    labels: () => [...engine.labelsOnScreen()],
    centerOn: (id, zoom) => engine.centerOn(id, zoom, 0),
    personName: (id) => personName(network, id),
    fitNow: () => engine.fitToScreen(0),
    highlight: (nodeIds, linkIds) => engine.setHighlight({ nodeIds, linkIds }),
    startGuidedTour: () => engine.startGuidedTour(),
    stopTour: () => engine.stopTour(),
    setLayout: (layout) => engine.setLayout(layout),
    exportPngBytes: async () => (await engine.exportPng()).size,
  };
  const pollFirstFrame = (): void => {
    hooks.firstFrameAt = engine.stats(performance.now()).firstFrameAt;
    if (hooks.firstFrameAt === null) requestAnimationFrame(pollFirstFrame);
  };
  requestAnimationFrame(pollFirstFrame);
  engine.on('settled', () => {
    if (hooks.settledAt === null) hooks.settledAt = performance.mark('graph-lab:settled').startTime;
  });
  engine.on('hover', (hover) => {
    hooks.hovered = hover ? { id: hover.node.id, x: hover.x, y: hover.y } : null;
    chrome.showTooltip(hover);
  });
  engine.on('click', (node) => hooks.clicks.push(node.id));
  engine.on('tourCaption', (caption) => {
    hooks.captions.push(caption);
    chrome.showCaption(caption);
  });
  return hooks;
}
