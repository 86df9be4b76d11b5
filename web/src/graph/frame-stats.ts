const CAPACITY = 8192;
export const FRAME_POSITIONS = 1;
export const FRAME_CAMERA = 2;

/**
 * The renderer's main-thread cost of recent frames (ring buffer, no allocation per frame), for
 * the benchmark and for anyone profiling the engine in the field.
 */
export class FrameStats {
  readonly at = new Float64Array(CAPACITY);
  readonly ms = new Float32Array(CAPACITY);
  readonly kind = new Uint8Array(CAPACITY);
  count = 0;

  record(at: number, ms: number, kind: number): void {
    const slot = this.count % CAPACITY;
    this.at[slot] = at;
    this.ms[slot] = ms;
    this.kind[slot] = kind;
    this.count++;
  }

  /** Frames recorded since `since` (performance.now() time), oldest first. */
  since(since: number): { at: number; ms: number; kind: number }[] {
    const frames = [];
    for (let i = Math.max(0, this.count - CAPACITY); i < this.count; i++) {
      const slot = i % CAPACITY;
      if (this.at[slot] >= since)
        frames.push({ at: this.at[slot], ms: this.ms[slot], kind: this.kind[slot] });
    }
    return frames;
  }
}
