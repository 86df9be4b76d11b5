import { clampZoom, interpolateCamera, type CameraState } from './camera-math';

interface Flight {
  from: CameraState;
  to: CameraState;
  start: number;
  duration: number;
}

/** Camera state plus at most one animated flight; user input cancels a flight. */
export class CameraController {
  private current: CameraState = { x: 0, y: 0, zoom: 1 };
  private flight: Flight | null = null;

  get state(): CameraState {
    return this.current;
  }

  get isFlying(): boolean {
    return this.flight !== null;
  }

  jumpTo(state: CameraState): void {
    this.flight = null;
    this.current = { ...state, zoom: clampZoom(state.zoom) };
  }

  flyTo(target: CameraState, durationMs: number, now: number): void {
    const to = { ...target, zoom: clampZoom(target.zoom) };
    if (durationMs <= 0) {
      this.jumpTo(to);
      return;
    }
    this.flight = { from: this.current, to, start: now, duration: durationMs };
  }

  /** Advances a flight to `now`; true when the camera moved. */
  update(now: number): boolean {
    if (!this.flight) return false;
    const t = (now - this.flight.start) / this.flight.duration;
    this.current = interpolateCamera(this.flight.from, this.flight.to, t);
    if (t >= 1) this.flight = null;
    return true;
  }
}
