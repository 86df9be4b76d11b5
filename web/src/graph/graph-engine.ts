import { CameraController } from './camera/camera-controller';
import { boundsOf, fitBounds, screenToWorld, worldToScreen, type Viewport } from './camera/camera-math';
import { attachPointerInput } from './camera/pointer-input';
import { GRAPH } from './constants';
import { EventHub } from './event-hub';
import { FRAME_CAMERA, FRAME_POSITIONS, FrameLoop, FrameStats } from './frame-loop';
import { HighlightState } from './highlight-state';
import { mergePlacement, placeInitially } from './layout/initial-placement';
import { LayoutDirector } from './layout/layout-director';
import { LayoutSupervisor, type WorkerStats } from './layout/layout-supervisor';
import { buildGraphModel, type GraphModel } from './model/graph-model';
import { SpatialGrid } from './picking/spatial-grid';
import { GraphRenderer } from './render/graph-renderer';
import { MIN_NODE_RADIUS_PX } from './render/node-layer';
import { computeRadii } from './render/node-styling';
import { TourRunner } from './tours/tour-runner';
import { flyByCaption, flyByStops, guidedTourSteps } from './tours/tour-steps';
import type { GraphData, GraphEngine, GraphEngineOptions, GraphEngineStats, GraphEventHandler, GraphEventName, GraphHighlight, LayoutName } from './types';
import { YouPulse } from './you-pulse';

/** Extra CSS px around a node that still counts as pointing at it. */
const PICK_TOLERANCE_PX = 3;

/**
 * The graph engine behind the product's network views: plain TypeScript, React only mounts it
 * into a container and kills it. Layout runs in a worker, drawing in WebGL, and every frame is
 * requested only when something changed.
 */
export function createGraphEngine(container: HTMLElement, options: GraphEngineOptions = {}): GraphEngine {
  return new Engine(container, { autoFit: true, ...options });
}

class Engine implements GraphEngine {
  private readonly events = new EventHub();
  private readonly camera = new CameraController();
  private readonly loop = new FrameLoop((now) => this.frame(now));
  private readonly frameStats = new FrameStats();
  private readonly grid = new SpatialGrid();
  private readonly supervisor: LayoutSupervisor;
  private readonly director: LayoutDirector;
  private readonly tours: TourRunner;
  private readonly highlight = new HighlightState();
  private readonly pulse: YouPulse;
  private readonly detachInput: () => void;
  private readonly resizeObserver: ResizeObserver;
  private renderer: GraphRenderer | null = null;
  private model: GraphModel | null = null;
  private radii: Float32Array = new Float32Array(0);
  private pendingPositions: Float32Array | null = null;
  private viewportSize: Viewport;
  private isDirty = false;
  private isMoved = false;
  private isGridStale = true;
  private hovered = -1;
  private pointer: [number, number] | null = null;
  private hasSettled = false;
  private fitOnSettle: { ms: number; padding: number } | null = null;
  private autoFitTimer: ReturnType<typeof setTimeout> | null = null;
  private flyByListener: ((caption: string | null) => void) | null = null;
  private workerStats: WorkerStats = { steps: 0, stepMs: 0, heapBytes: null };
  private graphSetAt = 0;
  private firstFrameAt: number | null = null;
  private settledAt: number | null = null;
  private isKilled = false;

  constructor(
    private readonly container: HTMLElement,
    private readonly options: Required<GraphEngineOptions>,
  ) {
    if (getComputedStyle(container).position === 'static') container.style.position = 'relative';
    this.viewportSize = { width: container.clientWidth || 1, height: container.clientHeight || 1 };
    this.supervisor = new LayoutSupervisor({ onPositions: () => this.loop.request(), onStats: (stats) => (this.workerStats = stats) });
    this.director = new LayoutDirector(this.supervisor, {
      showPositions: (positions) => this.showPositions(positions),
      fit: (ms, padding, when) => (when === 'now' ? this.fitToScreen(ms, padding) : (this.fitOnSettle = { ms, padding })),
      flyToOrigin: (zoom, ms) => this.camera.flyTo({ x: 0, y: 0, zoom }, ms, performance.now()),
      viewport: () => this.viewportSize,
    });
    this.tours = new TourRunner({
      positions: () => this.positions,
      moveCamera: (x, y, zoom, ms) => this.flyTo(x, y, zoom, ms),
      caption: (text) => this.caption(text),
      select: (nodes) => this.applyHighlight(() => this.highlight.setTourSelection(nodes)),
    });
    this.pulse = new YouPulse(container);
    this.detachInput = attachPointerInput(container, {
      camera: () => this.camera.state,
      viewport: () => this.viewportSize,
      onCamera: (state) => {
        this.camera.jumpTo(state);
        this.markMoved();
      },
      onHover: (x, y) => this.hover(x, y),
      onLeave: () => this.hover(null),
      onClick: (x, y) => this.click(x, y),
    });
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    void GraphRenderer.create(container, this.viewportSize).then((renderer) => this.adopt(renderer));
  }

  setGraph(data: GraphData): void {
    this.tours.stop();
    this.graphSetAt = performance.now();
    this.firstFrameAt = null;
    this.settledAt = null;
    this.hasSettled = false;
    const previous = this.model ? this.knownPositions(this.model) : null;
    const model = buildGraphModel(data);
    const fresh = placeInitially(model);
    const positions = previous && previous.size > 0 ? mergePlacement(model, fresh, previous) : fresh;
    this.model = model;
    this.radii = computeRadii(model);
    this.highlight.setModel(model);
    this.hovered = -1;
    if (!previous) this.camera.jumpTo(fitBounds(boundsOf(positions, model.nodes.length, 20) ?? { minX: -1, minY: -1, maxX: 1, maxY: 1 }, this.viewportSize, GRAPH.fitPadding));
    this.pendingPositions = positions;
    this.supervisor.load(
      { nodeCount: model.nodes.length, positions: positions.slice(), linkSources: model.linkSources.slice(), linkTargets: model.linkTargets.slice(), linkKinds: model.linkKinds.slice(), anchor: model.youIndex },
      this.director.forceParams,
    );
    this.uploadGraph();
    this.director.reapply(model);
  }

  setHighlight(highlight: GraphHighlight): void {
    this.applyHighlight(() => this.highlight.setAppHighlight(highlight));
  }

  setSelectedCompanies(keys: Iterable<string>): void {
    const hasSelection = this.highlight.setSelectedCompanies(keys);
    this.applyHighlight(() => undefined);
    if (this.model) this.director.selectCompanies(hasSelection);
  }

  setLayout(layout: LayoutName): void {
    if (this.model) this.director.set(layout, this.model);
  }

  zoomIn(): void {
    this.zoomBy(GRAPH.zoomStep);
  }

  zoomOut(): void {
    this.zoomBy(1 / GRAPH.zoomStep);
  }

  resetView(): void {
    this.flyTo(0, 0, 1, GRAPH.resetMs);
  }

  fitToScreen(durationMs: number = GRAPH.fitMs, padding: number = GRAPH.fitPadding): void {
    const bounds = this.model ? boundsOf(this.positions, this.model.nodes.length, 10) : null;
    if (!bounds) return;
    const target = fitBounds(bounds, this.viewportSize, padding);
    this.flyTo(target.x, target.y, target.zoom, durationMs);
  }

  centerOn(nodeId: string, zoom?: number, durationMs = 1000): void {
    const index = this.model?.indexById.get(nodeId);
    if (index === undefined) return;
    this.flyTo(this.positions[index * 2], this.positions[index * 2 + 1], zoom ?? this.camera.state.zoom, durationMs);
  }

  startGuidedTour(): void {
    if (this.model) this.tours.startGuided(guidedTourSteps(this.model));
  }

  startFlyByTour(onCaption?: (caption: string | null) => void): void {
    const model = this.model;
    if (!model) return;
    this.flyByListener = onCaption ?? null;
    this.tours.startFlyBy(flyByStops(model).map((node) => ({ node, caption: flyByCaption(model.nodes[node]) })));
  }

  stopTour(): void {
    this.tours.stop();
    this.flyByListener = null;
  }

  exportPng(): Promise<Blob> {
    if (!this.renderer) return Promise.reject(new Error('The graph is not drawn yet'));
    return this.renderer.exportPng({ camera: this.camera.state, viewport: this.viewportSize, seconds: performance.now() / 1000, isMoved: true });
  }

  nodeScreenPosition(nodeId: string): { x: number; y: number } | null {
    const index = this.model?.indexById.get(nodeId);
    if (index === undefined) return null;
    const [x, y] = worldToScreen(this.camera.state, this.viewportSize, this.positions[index * 2], this.positions[index * 2 + 1]);
    return { x, y };
  }

  stats(since = 0): GraphEngineStats {
    this.supervisor.requestStats();
    return {
      nodes: this.model?.nodes.length ?? 0,
      links: this.model?.linkSources.length ?? 0,
      graphSetAt: this.graphSetAt,
      firstFrameAt: this.firstFrameAt,
      settledAt: this.settledAt,
      layoutSteps: this.workerStats.steps,
      layoutStepMs: this.workerStats.stepMs,
      workerHeapBytes: this.workerStats.heapBytes,
      frames: this.frameStats.since(since),
    };
  }

  on<E extends GraphEventName>(event: E, handler: GraphEventHandler<E>): () => void {
    return this.events.on(event, handler);
  }

  kill(): void {
    if (this.isKilled) return;
    this.isKilled = true;
    this.events.clear();
    this.tours.stop();
    this.director.dispose();
    if (this.autoFitTimer !== null) clearTimeout(this.autoFitTimer);
    this.loop.cancel();
    this.detachInput();
    this.resizeObserver.disconnect();
    this.supervisor.kill();
    this.pulse.destroy();
    this.renderer?.destroy();
    this.renderer = null;
    this.model = null;
  }

  /** Positions as drawn: the renderer's texture data once it exists, else the first placement. */
  private get positions(): Float32Array {
    return this.renderer && !this.pendingPositions ? this.renderer.positions : (this.pendingPositions ?? new Float32Array(0));
  }

  private adopt(renderer: GraphRenderer): void {
    if (this.isKilled) {
      renderer.destroy();
      return;
    }
    this.renderer = renderer;
    this.uploadGraph();
  }

  private uploadGraph(): void {
    if (!this.renderer || !this.model || !this.pendingPositions) return;
    this.renderer.setGraph(this.model, this.radii, this.highlight.colors, this.pendingPositions);
    this.renderer.setFlags(this.highlight.flags(this.hovered));
    this.renderer.setHighlightedLinks(this.highlight.links);
    this.pendingPositions = null;
    this.isGridStale = true;
    this.markMoved();
  }

  private showPositions(positions: Float32Array): void {
    if (!this.model) return;
    if (this.renderer && !this.pendingPositions) {
      this.renderer.positions.set(positions.subarray(0, this.model.nodes.length * 2));
      this.renderer.markPositionsChanged();
    } else {
      this.pendingPositions = positions.slice();
    }
    this.isGridStale = true;
    this.markMoved();
  }

  private frame(now: number): boolean {
    const began = performance.now();
    let kind = this.camera.update(now) ? FRAME_CAMERA : 0;
    const taken = this.renderer ? this.supervisor.takePositions() : null;
    if (taken && this.renderer && this.model) {
      this.renderer.positions.set(taken.positions.subarray(0, this.model.nodes.length * 2));
      this.renderer.markPositionsChanged();
      this.supervisor.recycle(taken.positions);
      this.isGridStale = true;
      kind |= FRAME_POSITIONS;
    }
    const isMoved = kind !== 0 || this.isMoved;
    if (this.renderer && this.model && (isMoved || this.isDirty || this.renderer.isAnimating)) {
      this.renderer.render({ camera: this.camera.state, viewport: this.viewportSize, seconds: now / 1000, isMoved });
      if (isMoved) this.placePulse();
      this.frameStats.record(began, performance.now() - began, kind);
      this.firstFrameAt ??= performance.now();
      this.isDirty = false;
      this.isMoved = false;
      if (isMoved && this.pointer) this.hover(...this.pointer);
    }
    if (taken?.settled) this.settle();
    return this.camera.isFlying || (this.renderer?.isAnimating ?? false);
  }

  private settle(): void {
    this.settledAt = performance.now();
    if (!this.hasSettled && this.options.autoFit) this.autoFitTimer = setTimeout(() => this.fitToScreen(), GRAPH.autoFitDelayMs);
    else if (this.fitOnSettle) this.fitToScreen(this.fitOnSettle.ms, this.fitOnSettle.padding);
    this.fitOnSettle = null;
    this.hasSettled = true;
    this.events.emit('settled', undefined);
  }

  private hover(x: number | null, y?: number): void {
    this.pointer = x === null || y === undefined ? null : [x, y];
    const index = this.pointer ? this.pick(...this.pointer) : -1;
    if (index === this.hovered) return;
    this.hovered = index;
    this.renderer?.setFlags(this.highlight.flags(index));
    this.markDirty();
    const node = index >= 0 ? this.model?.nodes[index] : undefined;
    const at = node ? this.nodeScreenPosition(node.id) : null;
    this.events.emit('hover', node && at ? { node, ...at } : null);
  }

  private click(x: number, y: number): void {
    const index = this.pick(x, y);
    const node = index >= 0 ? this.model?.nodes[index] : undefined;
    if (node) this.events.emit('click', node);
  }

  private pick(x: number, y: number): number {
    if (!this.model) return -1;
    if (this.isGridStale) {
      this.grid.rebuild(this.positions, this.radii, this.model.nodes.length);
      this.isGridStale = false;
    }
    const { zoom } = this.camera.state;
    const [wx, wy] = screenToWorld(this.camera.state, this.viewportSize, x, y);
    return this.grid.pick(wx, wy, MIN_NODE_RADIUS_PX / zoom, PICK_TOLERANCE_PX / zoom);
  }

  private applyHighlight(change: () => void): void {
    change();
    if (!this.renderer || !this.model) return;
    this.renderer.setColors(this.highlight.colors);
    this.renderer.setFlags(this.highlight.flags(this.hovered));
    this.renderer.setHighlightedLinks(this.highlight.links);
    this.markDirty();
  }

  private caption(text: string | null): void {
    this.events.emit('tourCaption', text);
    this.flyByListener?.(text);
  }

  private placePulse(): void {
    const you = this.model?.youIndex ?? -1;
    if (you < 0) return this.pulse.hide();
    const [x, y] = worldToScreen(this.camera.state, this.viewportSize, this.positions[you * 2], this.positions[you * 2 + 1]);
    this.pulse.place(x, y, Math.max(this.radii[you] * this.camera.state.zoom, MIN_NODE_RADIUS_PX));
  }

  private zoomBy(factor: number): void {
    const { x, y, zoom } = this.camera.state;
    this.flyTo(x, y, zoom * factor, GRAPH.zoomStepMs);
  }

  private flyTo(x: number, y: number, zoom: number, ms: number): void {
    this.camera.flyTo({ x, y, zoom }, ms, performance.now());
    this.loop.request();
  }

  private resize(): void {
    this.viewportSize = { width: this.container.clientWidth || 1, height: this.container.clientHeight || 1 };
    this.renderer?.resize(this.viewportSize);
    this.markMoved();
  }

  private knownPositions(model: GraphModel): Map<string, readonly [number, number]> {
    const known = new Map<string, readonly [number, number]>();
    const positions = this.positions;
    model.nodes.forEach((node, i) => known.set(node.id, [positions[i * 2], positions[i * 2 + 1]]));
    return known;
  }

  private markDirty(): void {
    this.isDirty = true;
    this.loop.request();
  }

  private markMoved(): void {
    this.isMoved = true;
    this.loop.request();
  }
}
