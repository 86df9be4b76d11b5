/// <reference lib="webworker" />
import { DOMAdapter, WebWorkerAdapter } from 'pixi.js';
// The gateway's CSP forbids eval; this swaps PixiJS's generated functions for eval-free ones.
import 'pixi.js/unsafe-eval';
import type { CameraState, Viewport } from '../camera/camera-math';
import { FRAME_CAMERA, FRAME_POSITIONS } from '../frame-stats';
import { GraphRenderer } from './graph-renderer';
import type { FromRenderer, RenderGraph, ToRenderer } from './render-protocol';

/**
 * The render worker: PixiJS on an OffscreenCanvas, so neither drawing nor the browser's
 * read-back of the canvas (synchronous under software compositing) ever blocks the page.
 * It draws at most once per animation frame and only when a message changed something.
 */
declare const self: DedicatedWorkerGlobalScope;
DOMAdapter.set(WebWorkerAdapter);

let renderer: GraphRenderer | null = null;
const queue: ToRenderer[] = [];
let camera: CameraState = { x: 0, y: 0, zoom: 1 };
let viewport: Viewport = { width: 1, height: 1 };
let frameRequested = false;
let kind = 0;
let isMoved = true;

self.onmessage = (event: MessageEvent<ToRenderer>) => {
  const message = event.data;
  if (message.type === 'init') {
    viewport = message.viewport;
    GraphRenderer.create(message.canvas, message.viewport, message.resolution)
      .then((created) => {
        renderer = created;
        warmUp(created);
        // The frame is handed to the compositor when this task ends, and without a GPU that
        // hand-over waits for the software rasteriser; "ready" means after it.
        setTimeout(() => {
          post({ type: 'ready' });
          queue.splice(0).forEach(apply);
        }, 0);
      })
      .catch((error: unknown) => post({ type: 'failed', message: String(error) }));
    return;
  }
  if (renderer) apply(message);
  else queue.push(message);
};

function apply(message: ToRenderer): void {
  if (!renderer) return;
  switch (message.type) {
    case 'init':
      return;
    case 'graph':
      renderer.setGraph(message.graph);
      isMoved = true;
      // A new graph is drawn at once, not at the next animation frame: under load the first
      // rAF can come hundreds of ms later, and the first picture is what the user waits for.
      draw(performance.now());
      setTimeout(() => post({ type: 'presented', at: performance.timeOrigin + performance.now() }), 0);
      return;
    case 'positions':
      renderer.setPositions(message.buffer);
      post({ type: 'positions', buffer: message.buffer }, [message.buffer.buffer]);
      kind |= FRAME_POSITIONS;
      isMoved = true;
      break;
    case 'camera':
      camera = message.camera;
      kind |= FRAME_CAMERA;
      isMoved = true;
      break;
    case 'colors':
      renderer.setColors(message.colors);
      break;
    case 'flags':
      renderer.setFlags(message.flags);
      isMoved = true;
      break;
    case 'hover':
      renderer.setHovered(message.node);
      // The hovered person is always labelled: the labels are placed again.
      isMoved = true;
      break;
    case 'highlightLinks':
      renderer.setHighlightedLinks(message.links);
      break;
    case 'resize':
      viewport = message.viewport;
      renderer.resize(message.viewport, message.resolution);
      isMoved = true;
      break;
    case 'export':
      void renderer
        .exportPng({ camera, viewport, seconds: performance.now() / 1000, isMoved: true })
        .then((blob) => post({ type: 'exported', id: message.id, blob }))
        .catch(() => post({ type: 'exported', id: message.id, blob: null }));
      return;
  }
  requestFrame();
}

/**
 * Draws a two-person graph once so the GPU compiles our programs (instanced, as they will be
 * drawn) and the label font now, while the page is still getting the data, instead of during
 * the first real frame.
 */
function warmUp(target: GraphRenderer): void {
  target.setGraph({
    nodeCount: 2,
    anchorIndex: 0,
    linkSources: new Uint32Array([0, 1]),
    linkTargets: new Uint32Array([1, 0]),
    linkKinds: new Uint8Array([0, 1]),
    linkWeights: new Uint8Array([0, 255]),
    radii: new Float32Array([1, 1]),
    colors: new Uint32Array([0, 0]),
    positions: new Float32Array([0, 0, 1, 1]),
    companies: [{ text: 'Warm up (0123456789)', size: 8 }],
    groupOfNode: new Int32Array([0, -1]),
    names: 'You\nAna Lopez',
  });
  target.setHighlightedLinks([0, 1]);
  target.render({ camera, viewport, seconds: 0, isMoved: true });
  target.setGraph(EMPTY_GRAPH);
  target.render({ camera, viewport, seconds: 0, isMoved: true });
}

const EMPTY_GRAPH: RenderGraph = {
  nodeCount: 0,
  anchorIndex: -1,
  linkSources: new Uint32Array(0),
  linkTargets: new Uint32Array(0),
  linkKinds: new Uint8Array(0),
  linkWeights: new Uint8Array(0),
  radii: new Float32Array(0),
  colors: new Uint32Array(0),
  positions: new Float32Array(0),
  companies: [],
  groupOfNode: new Int32Array(0),
  names: '',
};

function requestFrame(): void {
  if (frameRequested) return;
  frameRequested = true;
  self.requestAnimationFrame(draw);
}

function draw(now: number): void {
  frameRequested = false;
  if (!renderer) return;
  const began = performance.now();
  renderer.render({ camera, viewport, seconds: now / 1000, isMoved });
  post({ type: 'frame', at: performance.timeOrigin + began, ms: performance.now() - began, kind });
  const labels = renderer.takeChangedLabels();
  if (labels) post({ type: 'labels', labels });
  kind = 0;
  isMoved = false;
  if (renderer.isAnimating) requestFrame();
}

function post(message: FromRenderer, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}
