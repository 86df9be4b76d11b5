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
  /** Messages held back until resume() (docs/performance.md "The workspace screen's startup"). */
  private held: Array<{ message: ToWorker; transfer: Transferable[] }> | null = null;
  private holdTimer: ReturnType<typeof setTimeout> | null = null;

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

  /**
   * Holds every command back, in order, until resume() or `maxMs`: the engine's first graph is
   * drawn before the worker builds its simulation (1.6 s of CPU at 100,000 people), so the first
   * draw does not share the machine's cores with it.
   */
  hold(maxMs: number): void {
    if (this.held) return;
    this.held = [];
    this.holdTimer = setTimeout(() => this.resume(), maxMs);
  }

  /** Sends what hold() kept back, in the order it was asked for. */
  resume(): void {
    if (this.holdTimer !== null) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    const held = this.held;
    this.held = null;
    for (const { message, transfer } of held ?? []) this.worker.postMessage(message, transfer);
  }

  get isHolding(): boolean {
    return this.held !== null;
  }

  kill(): void {
    if (this.holdTimer !== null) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    this.held = null;
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
    if (this.held) this.held.push({ message, transfer });
    else this.worker.postMessage(message, transfer);
  }
}
