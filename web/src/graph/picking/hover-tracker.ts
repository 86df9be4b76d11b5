import type { CameraState, Viewport } from '../camera/camera-math';
import type { NodePicker } from './node-picker';

/**
 * The node under the pointer, re-checked when the pointer or the picture moves; reports only
 * changes, so hovering a still graph costs one grid lookup per pointer event.
 */
export class HoverTracker {
  private pointer: [number, number] | null = null;
  private current = -1;

  constructor(
    private readonly picker: NodePicker,
    private readonly onChange: (node: number) => void,
  ) {}

  get hovered(): number {
    return this.current;
  }

  /** A new pointer position (element px), or null when it left. */
  move(pointer: [number, number] | null, camera: CameraState, viewport: Viewport): void {
    this.pointer = pointer;
    this.recheck(camera, viewport);
  }

  /** The picture moved under a still pointer. */
  recheck(camera: CameraState, viewport: Viewport): void {
    const node = this.pointer ? this.picker.pick(camera, viewport, this.pointer[0], this.pointer[1]) : -1;
    if (node === this.current) return;
    this.current = node;
    this.onChange(node);
  }

  /** A new graph: indices changed meaning, nothing is hovered until the pointer moves. */
  reset(): void {
    this.current = -1;
  }
}
