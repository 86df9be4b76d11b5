import { CameraController } from './camera/camera-controller';
import { boundsOf, fitBounds, worldToScreen } from './camera/camera-math';
import { GRAPH } from './constants';
import type { EngineSignals, Scene, Signals, View } from './engine-parts';
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
import {
  PLAIN_ATTRIBUTES,
  type GraphLink,
  type GraphNode,
  type GroupKey,
  type TourCaptions,
} from './model/graph-input';
import { opaque, type AnyGraphData, type Attributes } from './model/graph-model';
import type {
  GraphEngine,
  GraphEngineEvents,
  GraphEngineOptions,
  GraphEngineStats,
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
export function createGraphEngine<N = GraphNode, L = GraphLink>(
  container: HTMLElement,
  options: GraphEngineOptions<N, L> = {},
): GraphEngine<N, L> {
  const read = options.attributes ? opaque(options.attributes) : opaque(PLAIN_ATTRIBUTES);
  const engine: GraphEngine<unknown, unknown> = new Engine(container, {
    autoFit: options.autoFit ?? true,
    groupKey: options.groupKey ?? ((group) => group),
    read,
    captions: {
      ...NEUTRAL_CAPTIONS,
      node: read.node.label,
      ...(options.captions as Partial<TourCaptions<unknown>> | undefined),
    },
  });
  // One cast at the boundary: the engine hands back the very objects it was given.
  return engine as GraphEngine<N, L>;
}

/**
 * Boots the render worker (script, PixiJS, WebGL context, shaders) ahead of the first
 * createGraphEngine, e.g. when the graph's route module loads; the engine adopts it. Resolves
 * when the worker is ready to draw.
 */
export function prewarmGraphEngine(): Promise<void> {
  return RenderClient.prewarm();
}

/** GraphEngineOptions with every default filled in. */
interface EngineOptions {
  autoFit: boolean;
  groupKey: GroupKey;
  /** How the app's nodes and links are read (inside, they are opaque). */
  read: Attributes;
  captions: TourCaptions<unknown>;
}

/** The layout: its worker and the choices made on top of it (force, circular, hierarchical). */
interface LayoutPart {
  worker: LayoutSupervisor;
  director: LayoutDirector;
}

/** What the user and the app do to the picture: pointer, tours, highlights. */
interface InteractionPart {
  pointer: PointerInteraction;
  tours: TourController;
  highlight: HighlightState;
}

/** The page's side of drawing: one frame at a time, the anchor's pulse, the stats it keeps. */
interface PagePart {
  loop: FrameLoop;
  pulse: YouPulse;
  measured: EngineStatsRecorder;
  resizeObserver: ResizeObserver;
}

/**
 * The engine in parts: `scene` (the graph on screen) and `view` (camera, viewport) are state the
 * parts read; `renderer`, `layout`, `interaction` and `page` do the work; parts report on one
 * hub, `signals`, and the app hears `events`. Parts never call each other: the engine wires them.
 */
class Engine implements GraphEngine<unknown, unknown> {
  private readonly events = new EventHub<GraphEngineEvents<unknown>>();
  private readonly signals: Signals = new EventHub<EngineSignals>();
  private readonly scene: Scene = { model: null, positions: new Float32Array(0), radii: new Float32Array(0) };
  // No layout read here: getComputedStyle or clientWidth would force a style recalculation of
  // the whole page inside the caller's task (often a React commit). The ResizeObserver's first
  // report, taken after the browser's own layout, measures the container instead.
  private readonly view: View = { camera: new CameraController(), viewport: { width: 1, height: 1 } };
  private readonly renderer: RenderClient;
  private readonly layout: LayoutPart;
  private readonly interaction: InteractionPart;
  private readonly page: PagePart;
  private hasNewPositions = false;
  private isMoved = false;
  private hasSettled = false;
  /** The layout has settled once since the engine was made: the graph has its first picture. */
  private hasPicture = false;
  /** A focusOn asked for before the first picture, flown when the layout first settles. */
  private pendingFocus: { nodeId: string; zoom: number | undefined; ms: number } | null = null;
  private fitOnSettle: { ms: number; padding: number } | null = null;
  private autoFitTimer: ReturnType<typeof setTimeout> | null = null;
  private isMeasured = false;
  /** The first graph arrived before the container was measured: fit it once it is. */
  private isFirstFitPending = false;
  private cancelBuild: () => void = () => undefined;
  private cancelLinkIndex: () => void = () => undefined;
  private cancelNodeIndex: () => void = () => undefined;
  private linkIndexFor: GraphModel | null = null;
  private isKilled = false;

  constructor(
    private readonly container: HTMLElement,
    private readonly options: EngineOptions,
  ) {
    const { scene, view, signals } = this;
    this.renderer = new RenderClient(container, view.viewport, signals);
    const worker = new LayoutSupervisor(signals);
    this.layout = { worker, director: new LayoutDirector(worker, view, signals) };
    this.interaction = {
      // On the canvas, not the container: pointer capture must not swallow clicks on the app's
      // own overlays (toolbar, legend) placed inside the same container.
      pointer: new PointerInteraction(this.renderer.canvas, scene, view, signals),
      tours: new TourController(scene, signals, options.captions),
      highlight: new HighlightState(),
    };
    this.page = {
      loop: new FrameLoop((now) => this.frame(now)),
      pulse: new YouPulse(container),
      measured: new EngineStatsRecorder(),
      resizeObserver: new ResizeObserver(() => this.resize()),
    };
    this.listen();
    this.page.resizeObserver.observe(container);
  }

  setGraph(data: AnyGraphData): void {
    this.interaction.tours.stop();
    this.cancelBuild();
    this.cancelNodeIndex();
    this.page.measured.graphSet();
    const previous = this.scene.model ? { model: this.scene.model, positions: this.scene.positions } : null;
    this.cancelBuild = runSliced(
      buildGraphSteps(data, this.options.read, this.options.groupKey, previous, this.interaction.highlight),
      (built) => this.adoptGraph(built),
    );
  }

  setHighlight(highlight: GraphHighlight): void {
    this.applyHighlight(() => this.interaction.highlight.setAppHighlight(highlight));
  }

  setMemberHighlight(nodeIds: Iterable<string>): void {
    this.applyHighlight(() => this.interaction.highlight.setMemberHighlight(nodeIds));
  }

  setSelectedGroups(keys: Iterable<string>): void {
    let hasSelection = false;
    this.applyHighlight(() => (hasSelection = this.interaction.highlight.setSelectedGroups(keys)));
    if (this.scene.model) this.layout.director.selectGroups(hasSelection);
  }

  setLayout(layout: LayoutName): void {
    if (this.scene.model) this.layout.director.set(layout, this.scene.model);
    else this.layout.director.choose(layout);
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
    const bounds = this.scene.model
      ? boundsOf(this.scene.positions, this.scene.model.nodes.length, 10)
      : null;
    if (!bounds) return;
    const target = fitBounds(bounds, this.view.viewport, padding);
    this.flyTo(target.x, target.y, target.zoom, durationMs);
  }

  centerOn(nodeId: string, zoom?: number, durationMs = 1000): void {
    const index = this.scene.model?.indexById.get(nodeId);
    if (index === undefined) return;
    this.flyTo(
      this.scene.positions[index * 2],
      this.scene.positions[index * 2 + 1],
      zoom ?? this.view.camera.state.zoom,
      durationMs,
    );
  }

  focusOn(nodeId: string, zoom?: number, durationMs = 1000): void {
    if (!this.hasPicture) {
      this.pendingFocus = { nodeId, zoom, ms: durationMs };
      return;
    }
    // The automatic fit still waiting would fly away from the person again.
    this.cancelAutoFit();
    this.centerOn(nodeId, zoom, durationMs);
  }

  startGuidedTour(): void {
    if (this.scene.model) this.interaction.tours.startGuided(this.scene.model);
  }

  startFlyByTour(onCaption?: (caption: string | null) => void): void {
    if (this.scene.model) this.interaction.tours.startFlyBy(this.scene.model, onCaption);
  }

  stopTour(): void {
    this.interaction.tours.stop();
  }

  exportPng(): Promise<Blob> {
    return this.renderer.exportPng();
  }

  labelsOnScreen(): readonly ShownLabel[] {
    return this.renderer.shownLabels;
  }

  nodeScreenPosition(nodeId: string): { x: number; y: number } | null {
    const index = this.scene.model?.indexById.get(nodeId);
    if (index === undefined) return null;
    const [x, y] = worldToScreen(
      this.view.camera.state,
      this.view.viewport,
      this.scene.positions[index * 2],
      this.scene.positions[index * 2 + 1],
    );
    return { x, y };
  }

  isHighlighted(nodeId: string): boolean {
    const index = this.scene.model?.indexById.get(nodeId);
    return index !== undefined && this.interaction.highlight.isHighlighted(index);
  }

  stats(since = 0): GraphEngineStats {
    this.layout.worker.requestStats();
    return this.page.measured.snapshot(this.scene.model, since);
  }

  on<E extends GraphEventName>(
    event: E,
    handler: (payload: GraphEngineEvents<unknown>[E]) => void,
  ): () => void {
    return this.events.on(event, handler);
  }

  kill(): void {
    if (this.isKilled) return;
    this.isKilled = true;
    this.events.clear();
    this.cancelBuild();
    this.cancelLinkIndex();
    this.cancelNodeIndex();
    this.interaction.tours.stop();
    this.layout.director.dispose();
    this.cancelAutoFit();
    this.page.loop.cancel();
    this.interaction.pointer.kill();
    this.page.resizeObserver.disconnect();
    this.layout.worker.kill();
    this.renderer.kill();
    this.page.pulse.destroy();
    this.signals.clear();
    this.scene.model = null;
  }

  /** The engine's answer to each part's signal. */
  private listen(): void {
    const { signals, page, events } = this;
    signals.on('rendered', ({ at, ms, kind }) => page.measured.workerFrames.record(at, ms, kind));
    signals.on('positionsReturned', () => this.hasNewPositions && page.loop.request());
    signals.on('presented', (at) => {
      if (this.scene.model) page.measured.presented(at, this.scene.model.nodes.length);
      this.layout.worker.resume();
      this.buildNodeIndex();
    });
    signals.on('positionsWaiting', () => page.loop.request());
    signals.on('layoutStats', (stats) => (page.measured.worker = stats));
    signals.on('placed', (positions) => this.showPositions(positions));
    signals.on('fit', ({ ms, padding, when }) =>
      when === 'now' ? this.fitToScreen(ms, padding) : (this.fitOnSettle = { ms, padding }),
    );
    signals.on('fly', ({ x, y, zoom, ms }) => this.flyTo(x, y, zoom, ms));
    signals.on('cameraMoved', (state) => {
      this.view.camera.jumpTo(state);
      this.markMoved();
    });
    signals.on('hovered', ({ index, hover }) => {
      this.renderer.setHovered(index);
      events.emit('hover', hover);
    });
    signals.on('clicked', (node) => events.emit('click', node));
    signals.on('tourCaption', (text) => events.emit('tourCaption', text));
    signals.on('tourSelection', (nodes) =>
      this.applyHighlight(() => this.interaction.highlight.setTourSelection(nodes)),
    );
  }

  private adoptGraph({ model, positions, radii, highlight, copies }: BuiltGraph): void {
    const isFirst = this.scene.model === null;
    this.scene.model = model;
    this.scene.positions = positions;
    this.scene.radii = radii;
    this.hasSettled = false;
    this.interaction.pointer.reset();
    this.interaction.highlight.adopt(highlight);
    this.buildLinkIndexIfPending();
    if (isFirst && this.isMeasured) this.jumpToFirstFit();
    else if (isFirst) this.isFirstFitPending = true;
    this.renderer.setCamera(this.view.camera.state);
    // The highlight may have changed since it was prepared: its colours now.
    this.renderer.setGraph({ ...copies.render, colors: this.interaction.highlight.colors.slice() });
    this.renderer.setFlags(this.interaction.highlight.flags());
    this.renderer.setHighlightedLinks(this.interaction.highlight.links);
    // The first graph's simulation is built once its first frame is on screen, so the first draw
    // has a core to itself (docs/performance.md "The workspace screen's startup").
    if (isFirst) this.layout.worker.hold(GRAPH.layoutHoldMaxMs);
    this.layout.worker.load(copies.layout, this.layout.director.forceParams);
    this.layout.director.reapply(model);
    this.markMoved();
  }

  /**
   * One page frame: advance the camera, take the worker's newest positions, and pass both on to
   * the render worker. This is all the page does per frame; drawing happens in the worker.
   */
  private frame(now: number): boolean {
    const began = performance.now();
    let kind = this.view.camera.update(now) || this.isMoved ? FRAME_CAMERA : 0;
    const taken = this.layout.worker.takePositions();
    if (taken && this.scene.model) {
      this.scene.positions.set(taken.positions.subarray(0, this.scene.positions.length));
      this.layout.worker.recycle(taken.positions);
      this.interaction.pointer.invalidate();
      this.hasNewPositions = true;
      kind |= FRAME_POSITIONS;
    }
    if (this.hasNewPositions && this.renderer.sendPositions(this.scene.positions))
      this.hasNewPositions = false;
    if (kind !== 0) {
      this.renderer.setCamera(this.view.camera.state);
      this.placePulse();
      this.interaction.pointer.recheck();
      this.isMoved = false;
      this.page.measured.mainFrames.record(began, performance.now() - began, kind);
    }
    if (taken?.settled) this.settle();
    return this.view.camera.isFlying;
  }

  private settle(): void {
    this.page.measured.settled();
    const focus = this.pendingFocus;
    this.pendingFocus = null;
    if (focus && this.scene.model?.indexById.has(focus.nodeId))
      this.centerOn(focus.nodeId, focus.zoom, focus.ms);
    else if (!this.hasSettled && this.options.autoFit)
      this.autoFitTimer = setTimeout(() => this.fitToScreen(), GRAPH.autoFitDelayMs);
    else if (this.fitOnSettle) this.fitToScreen(this.fitOnSettle.ms, this.fitOnSettle.padding);
    this.fitOnSettle = null;
    this.hasSettled = true;
    this.hasPicture = true;
    this.events.emit('settled', undefined);
  }

  private cancelAutoFit(): void {
    if (this.autoFitTimer !== null) clearTimeout(this.autoFitTimer);
    this.autoFitTimer = null;
  }

  private showPositions(positions: Float32Array): void {
    this.scene.positions.set(positions.subarray(0, this.scene.positions.length));
    this.interaction.pointer.invalidate();
    this.hasNewPositions = true;
    this.markMoved();
  }

  private applyHighlight(change: () => void): void {
    change();
    this.buildLinkIndexIfPending();
    if (!this.scene.model) return;
    this.renderer.setColors(this.interaction.highlight.colors);
    this.renderer.setFlags(this.interaction.highlight.flags());
    this.renderer.setHighlightedLinks(this.interaction.highlight.links);
  }

  /**
   * The app highlighted links of a graph whose link index is not built yet: build it in slices
   * (one pass over every link is too long for one task at 30,000 people), then show them.
   */
  private buildLinkIndexIfPending(): void {
    const model = this.interaction.highlight.pendingLinkIndex;
    if (!model || model === this.linkIndexFor) return;
    this.cancelLinkIndex();
    this.linkIndexFor = model;
    this.cancelLinkIndex = runSliced(linkIndexSteps(model), (linkIndex) => {
      this.linkIndexFor = null;
      this.applyHighlight(() => this.interaction.highlight.setLinkIndex(model, linkIndex));
    });
  }

  /**
   * The node index by id, after the graph's first frame and in slices: nothing before the first
   * picture needs it (docs/architecture.md "The web app").
   */
  private buildNodeIndex(): void {
    const index = this.scene.model?.indexById;
    if (!index || index.isBuilt) return;
    this.cancelNodeIndex();
    this.cancelNodeIndex = runSliced(index.buildSteps(), () => undefined);
  }

  private placePulse(): void {
    const you = this.scene.model?.anchorIndex ?? -1;
    if (you < 0) return this.page.pulse.hide();
    const [x, y] = worldToScreen(
      this.view.camera.state,
      this.view.viewport,
      this.scene.positions[you * 2],
      this.scene.positions[you * 2 + 1],
    );
    this.page.pulse.place(
      x,
      y,
      Math.max(this.scene.radii[you] * this.view.camera.state.zoom, MIN_NODE_RADIUS_PX),
    );
  }

  private zoomBy(factor: number): void {
    const { x, y, zoom } = this.view.camera.state;
    this.flyTo(x, y, zoom * factor, GRAPH.zoomStepMs);
  }

  private flyTo(x: number, y: number, zoom: number, ms: number): void {
    this.view.camera.flyTo({ x, y, zoom }, ms, performance.now());
    // A flight of 0 ms is a jump: no flight for the frame to advance, so mark the move.
    this.markMoved();
  }

  private jumpToFirstFit(): void {
    if (!this.scene.model) return;
    this.view.camera.jumpTo(
      fitBounds(
        boundsOf(this.scene.positions, this.scene.model.nodes.length, 20) ?? {
          minX: -1,
          minY: -1,
          maxX: 1,
          maxY: 1,
        },
        this.view.viewport,
        GRAPH.fitPadding,
      ),
    );
  }

  /** ResizeObserver callback: layout is fresh here, so these reads cost no extra recalculation. */
  private resize(): void {
    this.view.viewport = { width: this.container.clientWidth || 1, height: this.container.clientHeight || 1 };
    if (!this.isMeasured) {
      this.isMeasured = true;
      // The canvas, pulse and the app's overlays are placed against the container.
      if (getComputedStyle(this.container).position === 'static') this.container.style.position = 'relative';
    }
    this.renderer.resize(this.view.viewport);
    if (this.isFirstFitPending) {
      this.isFirstFitPending = false;
      this.jumpToFirstFit();
      this.renderer.setCamera(this.view.camera.state);
    }
    this.markMoved();
  }

  private markMoved(): void {
    this.isMoved = true;
    this.page.loop.request();
  }
}
