import { FrameStats } from './frame-stats';
import type { WorkerStats } from './engine-parts';
import type { GraphModel } from './model/graph-model';
import type { GraphEngineStats } from './types';

/** The performance mark of each graph's first frame on screen (`detail.nodes`): the app's first picture. */
export const FIRST_FRAME_MARK = 'warmpath:graph-first-frame';

/** What the engine measures about itself: first frame, settling, per-frame costs, the worker's steps. */
export class EngineStatsRecorder {
  readonly mainFrames = new FrameStats();
  readonly workerFrames = new FrameStats();
  worker: WorkerStats = { steps: 0, stepMs: 0, heapBytes: null };
  private timing = { graphSetAt: 0, firstFrameAt: null as number | null, settledAt: null as number | null };

  graphSet(): void {
    this.timing = { graphSetAt: performance.now(), firstFrameAt: null, settledAt: null };
  }

  /**
   * The first frame of the current graph reached the screen (page-clock ms). Marked on the page's
   * performance timeline too, for the browser's performance panel and bench:workspace.
   */
  presented(at: number, nodes: number): void {
    if (this.timing.firstFrameAt !== null) return;
    this.timing.firstFrameAt = at;
    if (typeof performance.mark === 'function')
      performance.mark(FIRST_FRAME_MARK, { startTime: at, detail: { nodes } });
  }

  settled(): void {
    this.timing.settledAt = performance.now();
  }

  snapshot(model: GraphModel | null, since: number): GraphEngineStats {
    return {
      nodes: model?.nodes.length ?? 0,
      links: model?.linkSources.length ?? 0,
      ...this.timing,
      layoutSteps: this.worker.steps,
      layoutStepMs: this.worker.stepMs,
      workerHeapBytes: this.worker.heapBytes,
      frames: this.mainFrames.since(since),
      workerFrames: this.workerFrames.since(since),
    };
  }
}
