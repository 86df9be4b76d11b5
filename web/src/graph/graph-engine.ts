import { CameraController } from './camera/camera-controller';
import { boundsOf, fitBounds, worldToScreen, type Viewport } from './camera/camera-math';
import { GRAPH } from './constants';
import { EventHub } from './event-hub';
import { FrameLoop } from './frame-loop';
import { EngineStatsRecorder } from './engine-stats';
import { FRAME_CAMERA, FRAME_POSITIONS } from './frame-stats';
import { buildGraphSteps, type BuiltGraph } from './graph-build';
import { HighlightState, linkIndexSteps } from './highlight-state';
import { LayoutDirector } from './layout/layout-director';
import { LayoutSupervisor } from './layout/layout-supervisor';
import type { GraphModel } from './model/graph-model';
import { PointerInteraction } from './picking/pointer-interaction';
import { MIN_NODE_RADIUS_PX } from './render/node-flags';
import { RenderClient } from './render/render-client';
import { runSliced } from './sliced-task';
import { TourController } from './tours/tour-controller';
import { NEUTRAL_CAPTIONS } from './tours/tour-steps';
import type { GraphData, GroupKey, TourCaptions } from './model/graph-input';
import type {
  GraphEngine,
  GraphEngineOptions,
  GraphEngineStats,
  GraphEventHandler,
  GraphEventName,
  GraphHighlight,
  LayoutName,
  ShownLabel,
} from './types';
import { YouPulse } from './you-pulse';

/**
 * The graph engine behind the product's network views: plain TypeScript, React only mounts it
 * into a container and kills it. The layout runs in one worker, drawing in another; the page
 * keeps the camera, picking, tours and events, and asks for a frame only when something changed.
 */
export function createGraphEngine(container: HTMLElement, options: GraphEngineOptions = {}): GraphEngine {
  return new Engine(container, {
    autoFit: options.autoFit ?? true,
    groupKey: options.groupKey ?? ((group) => group),
    captions: { ...NEUTRAL_CAPTIONS, ...options.captions },
  });
}

/**
 * Boots the render worker (script, PixiJS, WebGL context, shaders) ahead of the first
 * createGraphEngine, e.g. when the graph's route module loads; the engine adopts it. Resolves
 * when the worker is ready to draw.
 */
export function prewarmGraphEngine(): Promise<void> {
  return RenderClient.prewarm();
}

class Engine implements GraphEngine {
  private readonly events = new EventHub();
  private readonly camera = new CameraController();
  private readonly loop = new FrameLoop((now) => this.frame(now));
  private readonly measured = new EngineStatsRecorder();
  private readonly highlight = new HighlightState();
  private readonly renderer: RenderClient;
  private readonly supervisor: LayoutSupervisor;
  private readonly director: LayoutDirector;
  private readonly tours: TourController;
  private readonly pulse: YouPulse;
  private readonly pointer: PointerInteraction;
  private readonly resizeObserver: ResizeObserver;
  private model: GraphModel | null = null;
  /** The page's copy of node positions (picking, fit, tours): node i at [2i, 2i + 1]. */
  private positions: Float32Array = new Float32Array(0);
  private radii: Float32Array = new Float32Array(0);
  private viewport: Viewport;
  private hasNewPositions = false;
  private isMoved = false;
  private hasSettled = false;
  private fitOnSettle: { ms: number; padding: number } | null = null;
  private autoFitTimer: ReturnType<typeof setTimeout> | null = null;
  private isMeasured = false;
  /** The first graph arrived before the container was measured: fit it once it is. */
  private isFirstFitPending = false;
  private cancelBuild: () => void = () => undefined;
  private cancelLinkIndex: () => void = () => undefined;
  private linkIndexFor: GraphModel | null = null;
  private isKilled = false;

  constructor(
    private readonly container: HTMLElement,
    private readonly options: { autoFit: boolean; groupKey: GroupKey; captions: TourCaptions },
  ) {
    // No layout read here: getComputedStyle or clientWidth would force a style recalculation of
    // the whole page inside the caller's task (often a React commit). The ResizeObserver's first
    // report, taken after the browser's own layout, measures the container instead.
    this.viewport = { width: 1, height: 1 };
    this.renderer = new RenderClient(container, this.viewport, {
      onFrame: (at, ms, kind) => this.measured.workerFrames.record(at, ms, kind),
      onPositionsReturned: () => this.hasNewPositions && this.loop.request(),
      onPresented: (at) => this.model && this.measured.presented(at, this.model.nodes.length),
    });
    this.supervisor = new LayoutSupervisor({
      onPositions: () => this.loop.request(),
      onStats: (stats) => (this.measured.worker = stats),
    });
    this.director = new LayoutDirector(this.supervisor, {
      showPositions: (positions) => this.showPositions(positions),
      fit: (ms, padding, when) =>
        when === 'now' ? this.fitToScreen(ms, padding) : (this.fitOnSettle = { ms, padding }),
      flyToOrigin: (zoom, ms) => this.flyTo(0, 0, zoom, ms),
      viewport: () => this.viewport,
    });
    this.tours = new TourController(
      {
        positions: () => this.positions,
        flyTo: (x, y, zoom, ms) => this.flyTo(x, y, zoom, ms),
        caption: (text) => this.events.emit('tourCaption', text),
        select: (nodes) => this.applyHighlight(() => this.highlight.setTourSelection(nodes)),
      },
      options.captions,
    );
    this.pulse = new YouPulse(container);
    // On the canvas, not the container: pointer capture must not swallow clicks on the app's
    // own overlays (toolbar, legend) placed inside the same container.
    this.pointer = new PointerInteraction(this.renderer.canvas, {
      camera: () => this.camera.state,
      viewport: () => this.viewport,
      model: () => this.model,
      positions: () => this.positions,
      radii: () => this.radii,
      moveCamera: (state) => {
        this.camera.jumpTo(state);
        this.markMoved();
      },
      hovered: (index, hover) => {
        this.renderer.setHovered(index);
        this.events.emit('hover', hover);
      },
      clicked: (node) => this.events.emit('click', node),
    });
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
  }

  setGraph(data: GraphData): void {
    this.tours.stop();
    this.cancelBuild();
    this.measured.graphSet();
    const previous = this.model ? { model: this.model, positions: this.positions } : null;
    this.cancelBuild = runSliced(
      buildGraphSteps(data, this.options.groupKey, previous, this.highlight),
      (built) => this.adoptGraph(built),
    );
  }

  setHighlight(highlight: GraphHighlight): void {
    this.applyHighlight(() => this.highlight.setAppHighlight(highlight));
  }

  setMemberHighlight(nodeIds: Iterable<string>): void {
    this.applyHighlight(() => this.highlight.setMemberHighlight(nodeIds));
  }

  setSelectedGroups(keys: Iterable<string>): void {
    let hasSelection = false;
    this.applyHighlight(() => (hasSelection = this.highlight.setSelectedGroups(keys)));
    if (this.model) this.director.selectCompanies(hasSelection);
  }

  setLayout(layout: LayoutName): void {
    if (this.model) this.director.set(layout, this.model);
    else this.director.choose(layout);
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
    const target = fitBounds(bounds, this.viewport, padding);
    this.flyTo(target.x, target.y, target.zoom, durationMs);
  }

  centerOn(nodeId: string, zoom?: number, durationMs = 1000): void {
    const index = this.model?.indexById.get(nodeId);
    if (index === undefined) return;
    this.flyTo(
      this.positions[index * 2],
      this.positions[index * 2 + 1],
      zoom ?? this.camera.state.zoom,
      durationMs,
    );
  }

  startGuidedTour(): void {
    if (this.model) this.tours.startGuided(this.model);
  }

  startFlyByTour(onCaption?: (caption: string | null) => void): void {
    if (this.model) this.tours.startFlyBy(this.model, onCaption);
  }

  stopTour(): void {
    this.tours.stop();
  }

  exportPng(): Promise<Blob> {
    return this.renderer.exportPng();
  }

  labelsOnScreen(): readonly ShownLabel[] {
    return this.renderer.shownLabels;
  }

  nodeScreenPosition(nodeId: string): { x: number; y: number } | null {
    const index = this.model?.indexById.get(nodeId);
    if (index === undefined) return null;
    const [x, y] = worldToScreen(
      this.camera.state,
      this.viewport,
      this.positions[index * 2],
      this.positions[index * 2 + 1],
    );
    return { x, y };
  }

  stats(since = 0): GraphEngineStats {
    this.supervisor.requestStats();
    return this.measured.snapshot(this.model, since);
  }

  on<E extends GraphEventName>(event: E, handler: GraphEventHandler<E>): () => void {
    return this.events.on(event, handler);
  }

  kill(): void {
    if (this.isKilled) return;
    this.isKilled = true;
    this.events.clear();
    this.cancelBuild();
    this.cancelLinkIndex();
    this.tours.stop();
    this.director.dispose();
    if (this.autoFitTimer !== null) clearTimeout(this.autoFitTimer);
    this.loop.cancel();
    this.pointer.kill();
    this.resizeObserver.disconnect();
    this.supervisor.kill();
    this.renderer.kill();
    this.pulse.destroy();
    this.model = null;
  }

  private adoptGraph({ model, positions, radii, highlight, copies }: BuiltGraph): void {
    const isFirst = this.model === null;
    this.model = model;
    this.positions = positions;
    this.radii = radii;
    this.hasSettled = false;
    this.pointer.reset();
    this.highlight.adopt(highlight);
    this.buildLinkIndexIfPending();
    if (isFirst && this.isMeasured) this.jumpToFirstFit();
    else if (isFirst) this.isFirstFitPending = true;
    this.renderer.setCamera(this.camera.state);
    // The highlight may have changed since it was prepared: its colours now.
    this.renderer.setGraph({ ...copies.render, colors: this.highlight.colors.slice() });
    this.renderer.setFlags(this.highlight.flags());
    this.renderer.setHighlightedLinks(this.highlight.links);
    this.supervisor.load(copies.layout, this.director.forceParams);
    this.director.reapply(model);
    this.markMoved();
  }

  /**
   * One page frame: advance the camera, take the worker's newest positions, and pass both on to
   * the render worker. This is all the page does per frame; drawing happens in the worker.
   */
  private frame(now: number): boolean {
    const began = performance.now();
    let kind = this.camera.update(now) || this.isMoved ? FRAME_CAMERA : 0;
    const taken = this.supervisor.takePositions();
    if (taken && this.model) {
      this.positions.set(taken.positions.subarray(0, this.positions.length));
      this.supervisor.recycle(taken.positions);
      this.pointer.invalidate();
      this.hasNewPositions = true;
      kind |= FRAME_POSITIONS;
    }
    if (this.hasNewPositions && this.renderer.sendPositions(this.positions)) this.hasNewPositions = false;
    if (kind !== 0) {
      this.renderer.setCamera(this.camera.state);
      this.placePulse();
      this.pointer.recheck();
      this.isMoved = false;
      this.measured.mainFrames.record(began, performance.now() - began, kind);
    }
    if (taken?.settled) this.settle();
    return this.camera.isFlying;
  }

  private settle(): void {
    this.measured.settled();
    if (!this.hasSettled && this.options.autoFit)
      this.autoFitTimer = setTimeout(() => this.fitToScreen(), GRAPH.autoFitDelayMs);
    else if (this.fitOnSettle) this.fitToScreen(this.fitOnSettle.ms, this.fitOnSettle.padding);
    this.fitOnSettle = null;
    this.hasSettled = true;
    this.events.emit('settled', undefined);
  }

  private showPositions(positions: Float32Array): void {
    this.positions.set(positions.subarray(0, this.positions.length));
    this.pointer.invalidate();
    this.hasNewPositions = true;
    this.markMoved();
  }

  private applyHighlight(change: () => void): void {
    change();
    this.buildLinkIndexIfPending();
    if (!this.model) return;
    this.renderer.setColors(this.highlight.colors);
    this.renderer.setFlags(this.highlight.flags());
    this.renderer.setHighlightedLinks(this.highlight.links);
  }

  /**
   * The app highlighted links of a graph whose link index is not built yet: build it in slices
   * (one pass over every link is too long for one task at 30,000 people), then show them.
   */
  private buildLinkIndexIfPending(): void {
    const model = this.highlight.pendingLinkIndex;
    if (!model || model === this.linkIndexFor) return;
    this.cancelLinkIndex();
    this.linkIndexFor = model;
    this.cancelLinkIndex = runSliced(linkIndexSteps(model), (linkIndex) => {
      this.linkIndexFor = null;
      this.applyHighlight(() => this.highlight.setLinkIndex(model, linkIndex));
    });
  }

  private placePulse(): void {
    const you = this.model?.anchorIndex ?? -1;
    if (you < 0) return this.pulse.hide();
    const [x, y] = worldToScreen(
      this.camera.state,
      this.viewport,
      this.positions[you * 2],
      this.positions[you * 2 + 1],
    );
    this.pulse.place(x, y, Math.max(this.radii[you] * this.camera.state.zoom, MIN_NODE_RADIUS_PX));
  }

  private zoomBy(factor: number): void {
    const { x, y, zoom } = this.camera.state;
    this.flyTo(x, y, zoom * factor, GRAPH.zoomStepMs);
  }

  private flyTo(x: number, y: number, zoom: number, ms: number): void {
    this.camera.flyTo({ x, y, zoom }, ms, performance.now());
    // A flight of 0 ms is a jump: no flight for the frame to advance, so mark the move.
    this.markMoved();
  }

  private jumpToFirstFit(): void {
    if (!this.model) return;
    this.camera.jumpTo(
      fitBounds(
        boundsOf(this.positions, this.model.nodes.length, 20) ?? { minX: -1, minY: -1, maxX: 1, maxY: 1 },
        this.viewport,
        GRAPH.fitPadding,
      ),
    );
  }

  /** ResizeObserver callback: layout is fresh here, so these reads cost no extra recalculation. */
  private resize(): void {
    this.viewport = { width: this.container.clientWidth || 1, height: this.container.clientHeight || 1 };
    if (!this.isMeasured) {
      this.isMeasured = true;
      // The canvas, pulse and the app's overlays are placed against the container.
      if (getComputedStyle(this.container).position === 'static') this.container.style.position = 'relative';
    }
    this.renderer.resize(this.viewport);
    if (this.isFirstFitPending) {
      this.isFirstFitPending = false;
      this.jumpToFirstFit();
      this.renderer.setCamera(this.camera.state);
    }
    this.markMoved();
  }

  private markMoved(): void {
    this.isMoved = true;
    this.loop.request();
  }
}
