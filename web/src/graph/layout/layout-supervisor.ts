import type { Signals } from '../engine-parts';
import type { FromWorker, ForceParams, Heat, LayoutGraph, ToWorker } from './layout-protocol';

/**
 * The main thread's side of the layout worker: commands out, positions in. Positions wait
 * here until the frame loop takes them, and their buffer goes back to the worker only then,
 * so the worker posts at most once per frame and nothing is allocated per tick.
 */
export class LayoutSupervisor {
  private readonly worker: Worker;
  private epoch = 0;
  private pending: Float32Array | null = null;
  private pendingSettled = false;

  constructor(private readonly signals: Signals) {
    this.worker = new Worker(new URL('./layout.worker.ts', import.meta.url), {
      type: 'module',
      name: 'graph-layout',
    });
    this.worker.onmessage = (event: MessageEvent<FromWorker>) => this.receive(event.data);
  }

  load(graph: LayoutGraph, params: ForceParams): void {
    this.send({ type: 'load', epoch: ++this.epoch, graph, params, heat: 'initial' }, [
      graph.positions.buffer,
      graph.linkSources.buffer,
      graph.linkTargets.buffer,
      graph.linkKinds.buffer,
    ]);
  }

  reheat(params: ForceParams | null, heat: Heat = 'reheat'): void {
    this.send({ type: 'reheat', epoch: ++this.epoch, params, heat });
  }

  /** Holds every node at `positions` until release() (circular, hierarchical). */
  pinAll(positions: Float32Array): void {
    this.send({ type: 'pin', epoch: ++this.epoch, positions });
  }

  /** Frees the pinned nodes and lets the force layout relax them with `params`. */
  release(params: ForceParams): void {
    this.send({ type: 'release', epoch: ++this.epoch, params });
  }

  stop(): void {
    this.send({ type: 'stop' });
  }

  requestStats(): void {
    this.send({ type: 'stats' });
  }

  /** The newest positions since the last call, or null. Hand the array back with recycle(). */
  takePositions(): { positions: Float32Array; settled: boolean } | null {
    if (!this.pending) return null;
    const taken = { positions: this.pending, settled: this.pendingSettled };
    this.pending = null;
    this.pendingSettled = false;
    return taken;
  }

  recycle(buffer: Float32Array): void {
    this.send({ type: 'buffer', buffer }, [buffer.buffer]);
  }

  kill(): void {
    this.worker.onmessage = null;
    this.worker.terminate();
    this.pending = null;
  }

  private receive(message: FromWorker): void {
    if (message.type === 'stats') {
      this.signals.emit('layoutStats', message);
      return;
    }
    if (message.epoch !== this.epoch) {
      this.recycle(message.buffer);
      return;
    }
    if (this.pending) this.recycle(this.pending);
    this.pending = message.buffer;
    this.pendingSettled ||= message.settled;
    this.signals.emit('positionsWaiting', undefined);
  }

  private send(message: ToWorker, transfer: Transferable[] = []): void {
    this.worker.postMessage(message, transfer);
  }
}
