import type { TourCaptions } from '../model/graph-input';
import type { GraphModel } from '../model/graph-model';
import { TourRunner } from './tour-runner';
import { flyByStops, guidedTourSteps } from './tour-steps';

export interface TourControllerHost {
  positions(): Float32Array;
  flyTo(x: number, y: number, zoom: number, ms: number): void;
  /** The tour's own selection (the fly-by's current person), shown highlighted. */
  select(nodes: readonly number[]): void;
  /** Every caption change, for the engine's 'tourCaption' event. */
  caption(text: string | null): void;
}

/** The engine's two tours on top of one TourRunner, plus the fly-by's caption callback. */
export class TourController {
  private readonly runner: TourRunner;
  private flyByListener: ((caption: string | null) => void) | null = null;

  constructor(
    host: TourControllerHost,
    private readonly captions: TourCaptions,
  ) {
    this.runner = new TourRunner({
      positions: () => host.positions(),
      moveCamera: (x, y, zoom, ms) => host.flyTo(x, y, zoom, ms),
      select: (nodes) => host.select(nodes),
      caption: (text) => {
        host.caption(text);
        this.flyByListener?.(text);
      },
    });
  }

  startGuided(model: GraphModel): void {
    this.stop();
    this.runner.startGuided(guidedTourSteps(model, this.captions));
  }

  startFlyBy(model: GraphModel, onCaption?: (caption: string | null) => void): void {
    this.stop();
    this.flyByListener = onCaption ?? null;
    this.runner.startFlyBy(
      flyByStops(model).map((node) => ({ node, caption: this.captions.node(model.nodes[node]) })),
    );
  }

  /** "Stop Tour": clears the timer, the tour's selection and the caption. */
  stop(): void {
    this.runner.stop();
    this.flyByListener = null;
  }
}
