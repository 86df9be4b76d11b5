import { worldToScreen, type CameraState, type Viewport } from '../camera/camera-math';
import { attachPointerInput } from '../camera/pointer-input';
import type { GraphNode } from '../model/graph-input';
import type { GraphModel } from '../model/graph-model';
import { HoverTracker } from './hover-tracker';
import { NodePicker } from './node-picker';

export interface InteractionHost {
  camera(): CameraState;
  viewport(): Viewport;
  model(): GraphModel | null;
  positions(): Float32Array;
  radii(): Float32Array;
  /** The user panned, zoomed or pinched. */
  moveCamera(state: CameraState): void;
  /** The hovered node changed (index -1 and null when none). */
  hovered(index: number, hover: { node: GraphNode; x: number; y: number } | null): void;
  clicked(node: GraphNode): void;
}

/** Pointer input on the container: camera gestures, and hover and click through the picking grid. */
export class PointerInteraction {
  private readonly picker: NodePicker;
  private readonly hover: HoverTracker;
  private readonly detach: () => void;

  constructor(
    container: HTMLElement,
    private readonly host: InteractionHost,
  ) {
    this.picker = new NodePicker(host.positions, host.radii);
    this.hover = new HoverTracker(this.picker, (index) => host.hovered(index, this.describe(index)));
    this.detach = attachPointerInput(container, {
      camera: host.camera,
      viewport: host.viewport,
      onCamera: host.moveCamera,
      onHover: (x, y) => this.hover.move([x, y], host.camera(), host.viewport()),
      onLeave: () => this.hover.move(null, host.camera(), host.viewport()),
      onClick: (x, y) => this.click(x, y),
    });
  }

  /** Positions changed: the picking grid is rebuilt on the next question. */
  invalidate(): void {
    this.picker.invalidate();
  }

  /** The picture moved under the pointer. */
  recheck(): void {
    this.hover.recheck(this.host.camera(), this.host.viewport());
  }

  /** A new graph replaced the indices. */
  reset(): void {
    this.picker.invalidate();
    this.hover.reset();
  }

  kill(): void {
    this.detach();
  }

  private click(x: number, y: number): void {
    const index = this.picker.pick(this.host.camera(), this.host.viewport(), x, y);
    const node = index >= 0 ? this.host.model()?.nodes[index] : undefined;
    if (node) this.host.clicked(node);
  }

  private describe(index: number): { node: GraphNode; x: number; y: number } | null {
    const node = index >= 0 ? this.host.model()?.nodes[index] : undefined;
    if (!node) return null;
    const positions = this.host.positions();
    const [x, y] = worldToScreen(
      this.host.camera(),
      this.host.viewport(),
      positions[index * 2],
      positions[index * 2 + 1],
    );
    return { node, x, y };
  }
}
