import type { Scene, Signals } from '../engine-parts';
import type { TourCaptions } from '../model/graph-input';
import type { GraphModel } from '../model/graph-model';
import { TourRunner } from './tour-runner';
import { flyByStops, guidedTourSteps } from './tour-steps';

/** The engine's two tours on top of one TourRunner, plus the fly-by's caption callback. */
export class TourController {
  private readonly runner: TourRunner;
  private flyByListener: ((caption: string | null) => void) | null = null;

  constructor(
    scene: Scene,
    signals: Signals,
    private readonly captions: TourCaptions<unknown>,
  ) {
    this.runner = new TourRunner({
      positions: () => scene.positions,
      moveCamera: (x, y, zoom, ms) => signals.emit('fly', { x, y, zoom, ms }),
      select: (nodes) => signals.emit('tourSelection', nodes),
      caption: (text) => {
        signals.emit('tourCaption', text);
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
