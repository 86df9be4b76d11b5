import { TOUR } from '../constants';
import { stepTarget, type TourStep } from './tour-steps';

/** What a tour drives; the engine implements it with its camera, highlight and events. */
export interface TourHost {
  positions(): Float32Array;
  moveCamera(x: number, y: number, zoom: number, ms: number): void;
  caption(text: string | null): void;
  select(nodes: readonly number[]): void;
}

export interface FlyByStop {
  node: number;
  caption: string;
}

/** One tour at a time; starting any tour cancels the pending step of the previous one. */
export class TourRunner {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private hasSelection = false;

  constructor(private readonly host: TourHost) {}

  get isRunning(): boolean {
    return this.timer !== null;
  }

  startGuided(steps: readonly TourStep[]): void {
    this.stop();
    this.runGuided(steps, 0);
  }

  startFlyBy(stops: readonly FlyByStop[]): void {
    this.stop();
    if (stops.length > 0) this.runFlyBy(stops, 0);
  }

  /** Clears the timer, the tour's selection and its caption ("Stop Tour"). */
  stop(): void {
    const wasRunning = this.timer !== null || this.hasSelection;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.hasSelection) this.host.select([]);
    this.hasSelection = false;
    if (wasRunning) this.host.caption(null);
  }

  private runGuided(steps: readonly TourStep[], from: number): void {
    const positions = this.host.positions();
    for (let i = from; i < steps.length; i++) {
      const target = stepTarget(steps[i], positions);
      if (!target) continue;
      this.host.moveCamera(target[0], target[1], steps[i].zoom, TOUR.moveMs);
      this.host.caption(steps[i].caption);
      this.timer = setTimeout(() => this.runGuided(steps, i + 1), TOUR.stepMs);
      return;
    }
    this.timer = null;
    this.host.moveCamera(0, 0, TOUR.endZoom, TOUR.endMs);
    this.host.caption(null);
  }

  private runFlyBy(stops: readonly FlyByStop[], index: number): void {
    const stop = stops[index % stops.length];
    const positions = this.host.positions();
    const [x, y] = [positions[stop.node * 2], positions[stop.node * 2 + 1]];
    if (Number.isFinite(x) && Number.isFinite(y)) this.host.moveCamera(x, y, TOUR.flyByZoom, TOUR.moveMs);
    this.host.select([stop.node]);
    this.hasSelection = true;
    this.host.caption(stop.caption);
    this.timer = setTimeout(() => this.runFlyBy(stops, index + 1), TOUR.flyByStepMs);
  }
}
