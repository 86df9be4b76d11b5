import { worldToScreen } from '../camera/camera-math';
import { attachPointerInput } from '../camera/pointer-input';
import type { Scene, Signals, View } from '../engine-parts';
import type { GraphHover } from '../types';
import { HoverTracker } from './hover-tracker';
import { NodePicker } from './node-picker';

/** Pointer input on the container: camera gestures, and hover and click through the picking grid. */
export class PointerInteraction {
  private readonly picker: NodePicker;
  private readonly hover: HoverTracker;
  private readonly detach: () => void;

  constructor(
    container: HTMLElement,
    private readonly scene: Scene,
    private readonly view: View,
    private readonly signals: Signals,
  ) {
    this.picker = new NodePicker(
      () => scene.positions,
      () => scene.radii,
    );
    this.hover = new HoverTracker(this.picker, (index) =>
      signals.emit('hovered', { index, hover: this.describe(index) }),
    );
    this.detach = attachPointerInput(container, {
      camera: () => view.camera.state,
      viewport: () => view.viewport,
      onCamera: (state) => signals.emit('cameraMoved', state),
      onHover: (x, y) => this.hover.move([x, y], view.camera.state, view.viewport),
      onLeave: () => this.hover.move(null, view.camera.state, view.viewport),
      onClick: (x, y) => this.click(x, y),
    });
  }

  /** Positions changed: the picking grid is rebuilt on the next question. */
  invalidate(): void {
    this.picker.invalidate();
  }

  /** The picture moved under the pointer. */
  recheck(): void {
    this.hover.recheck(this.view.camera.state, this.view.viewport);
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
    const index = this.picker.pick(this.view.camera.state, this.view.viewport, x, y);
    const model = this.scene.model;
    if (model && index >= 0 && index < model.nodes.length) this.signals.emit('clicked', model.nodes[index]);
  }

  private describe(index: number): GraphHover<unknown> | null {
    const model = this.scene.model;
    if (!model || index < 0 || index >= model.nodes.length) return null;
    const node = model.nodes[index];
    const { positions } = this.scene;
    const [x, y] = worldToScreen(
      this.view.camera.state,
      this.view.viewport,
      positions[index * 2],
      positions[index * 2 + 1],
    );
    return { node, x, y };
  }
}
