import type { CameraState, Viewport } from '../camera/camera-math';
import type { Signals } from '../engine-parts';
import type { FromRenderer, RenderGraph, ShownLabel, ToRenderer } from './render-protocol';

interface BootedWorker {
  canvas: HTMLCanvasElement;
  worker: Worker;
  ready: Promise<void>;
}

/** A render worker started ahead of time by prewarm(), waiting for the next engine. */
let prewarmed: BootedWorker | null = null;

function bootWorker(viewport: Viewport): BootedWorker {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'display:block;width:100%;height:100%;';
  const offscreen = canvas.transferControlToOffscreen();
  const worker = new Worker(new URL('./render.worker.ts', import.meta.url), {
    type: 'module',
    name: 'graph-render',
  });
  const init: ToRenderer = { type: 'init', canvas: offscreen, viewport, resolution: devicePixelRatio || 1 };
  worker.postMessage(init, [offscreen]);
  const ready = new Promise<void>((resolve) => {
    worker.onmessage = (event: MessageEvent<FromRenderer>) => event.data.type === 'ready' && resolve();
  });
  return { canvas, worker, ready };
}

/**
 * The page's handle on the render worker: a canvas handed over with transferControlToOffscreen
 * and commands posted to it. Positions travel in one reusable buffer that the worker returns,
 * so at most one set is in flight and nothing is allocated per frame.
 */
export class RenderClient {
  readonly canvas: HTMLCanvasElement;
  private readonly worker: Worker;
  private spare: Float32Array | null = null;
  private expectedLength = 0;
  private nextExport = 1;
  /** The labels the worker last reported drawn. */
  shownLabels: ShownLabel[] = [];
  private readonly exports = new Map<number, (blob: Blob | null) => void>();

  constructor(
    container: HTMLElement,
    viewport: Viewport,
    private readonly signals: Signals,
  ) {
    const booted = prewarmed ?? bootWorker(viewport);
    prewarmed = null;
    this.canvas = booted.canvas;
    this.worker = booted.worker;
    this.worker.onmessage = (event: MessageEvent<FromRenderer>) => this.receive(event.data);
    container.prepend(this.canvas);
    this.resize(viewport);
  }

  /**
   * Starts a render worker now (script, PixiJS, WebGL context, shaders) for the next engine to
   * adopt, so its first frame does not wait for that boot. Call it when the graph's route loads.
   */
  static prewarm(): Promise<void> {
    prewarmed ??= bootWorker({ width: 300, height: 150 });
    return prewarmed.ready;
  }

  setGraph(graph: RenderGraph): void {
    this.spare = new Float32Array(graph.nodeCount * 2);
    this.post({ type: 'graph', graph }, [
      graph.linkSources.buffer,
      graph.linkTargets.buffer,
      graph.linkKinds.buffer,
      graph.linkWeights.buffer,
      graph.radii.buffer,
      graph.colors.buffer,
      graph.positions.buffer,
    ]);
  }

  get canSendPositions(): boolean {
    return this.spare !== null;
  }

  /** Copies `positions` into the spare buffer and sends it; false when it is still in flight. */
  sendPositions(positions: Float32Array): boolean {
    const buffer = this.spare;
    if (!buffer) return false;
    this.spare = null;
    buffer.set(positions.subarray(0, buffer.length));
    this.post({ type: 'positions', buffer }, [buffer.buffer]);
    return true;
  }

  setCamera(camera: CameraState): void {
    this.post({ type: 'camera', camera });
  }

  setColors(colors: Uint32Array): void {
    this.post({ type: 'colors', colors });
  }

  setFlags(flags: Uint8Array): void {
    this.post({ type: 'flags', flags }, [flags.buffer]);
  }

  setHovered(node: number): void {
    this.post({ type: 'hover', node });
  }

  setHighlightedLinks(links: readonly number[]): void {
    const array = Uint32Array.from(links);
    this.post({ type: 'highlightLinks', links: array }, [array.buffer]);
  }

  resize(viewport: Viewport): void {
    this.post({ type: 'resize', viewport, resolution: devicePixelRatio || 1 });
  }

  exportPng(): Promise<Blob> {
    const id = this.nextExport++;
    return new Promise((resolve, reject) => {
      this.exports.set(id, (blob) => (blob ? resolve(blob) : reject(new Error('PNG export failed'))));
      this.post({ type: 'export', id });
    });
  }

  kill(): void {
    // Terminating the worker frees its WebGL context and everything PixiJS held on the GPU.
    this.worker.onmessage = null;
    this.worker.terminate();
    this.canvas.remove();
    for (const settle of this.exports.values()) settle(null);
    this.exports.clear();
  }

  private receive(message: FromRenderer): void {
    switch (message.type) {
      case 'ready':
        return;
      case 'frame':
        this.signals.emit('rendered', {
          at: message.at - performance.timeOrigin,
          ms: message.ms,
          kind: message.kind,
        });
        return;
      case 'presented':
        this.signals.emit('presented', message.at - performance.timeOrigin);
        return;
      case 'positions':
        if (this.spare === null && message.buffer.length === this.expectedLength) {
          this.spare = message.buffer;
          this.signals.emit('positionsReturned', undefined);
        }
        return;
      case 'labels':
        this.shownLabels = message.labels;
        return;
      case 'exported':
        this.exports.get(message.id)?.(message.blob);
        this.exports.delete(message.id);
        return;
      case 'failed':
        console.error(`graph renderer: ${message.message}`);
        return;
    }
  }

  private post(message: ToRenderer, transfer: Transferable[] = []): void {
    if (message.type === 'graph') this.expectedLength = message.graph.nodeCount * 2;
    this.worker.postMessage(message, transfer);
  }
}
