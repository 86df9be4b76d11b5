/** One requestAnimationFrame at a time; nothing runs while nothing asks for a frame. */
export class FrameLoop {
  private handle = 0;

  constructor(private readonly onFrame: (now: number) => boolean) {}

  request(): void {
    if (this.handle === 0) this.handle = requestAnimationFrame(this.tick);
  }

  cancel(): void {
    if (this.handle !== 0) cancelAnimationFrame(this.handle);
    this.handle = 0;
  }

  private readonly tick = (now: number): void => {
    this.handle = 0;
    if (this.onFrame(now)) this.request();
  };
}
