/// <reference lib="webworker" />
import { DOMAdapter, WebWorkerAdapter } from 'pixi.js';
import type { CameraState, Viewport } from '../camera/camera-math';
import { FRAME_CAMERA, FRAME_POSITIONS } from '../frame-stats';
import { GraphRenderer } from './graph-renderer';
import type { FromRenderer, ToRenderer } from './render-protocol';

/**
 * The render worker: PixiJS on an OffscreenCanvas, so neither drawing nor the browser's
 * read-back of the canvas (synchronous under software compositing) ever blocks the page.
 * It draws at most once per animation frame and only when a message changed something.
 */
declare const self: DedicatedWorkerGlobalScope;
DOMAdapter.set(WebWorkerAdapter);
console.log('rw script', performance.timeOrigin + performance.now(), 'since-create', performance.now());

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
        console.log('rw ready', performance.timeOrigin + performance.now());
        post({ type: 'ready' });
        queue.splice(0).forEach(apply);
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
      console.log('rw graph in', performance.timeOrigin + performance.now());
      renderer.setGraph(message.graph);
      console.log('rw graph done', performance.timeOrigin + performance.now());
      isMoved = true;
      break;
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
      break;
    case 'hover':
      renderer.setHovered(message.node);
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
  console.log('rw frame', performance.timeOrigin + began, performance.now() - began);
  post({ type: 'frame', at: performance.timeOrigin + began, ms: performance.now() - began, kind });
  kind = 0;
  isMoved = false;
  if (renderer.isAnimating) requestFrame();
}

function post(message: FromRenderer, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}
