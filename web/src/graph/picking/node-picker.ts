import { screenToWorld, type CameraState, type Viewport } from '../camera/camera-math';
import { MIN_NODE_RADIUS_PX } from '../render/node-flags';
import { SpatialGrid } from './spatial-grid';

/** Extra CSS px around a node that still counts as pointing at it. */
const PICK_TOLERANCE_PX = 3;

/** Screen point to node, through a grid rebuilt lazily: at most once per positions update, and only when asked. */
export class NodePicker {
  private readonly grid = new SpatialGrid();
  private isStale = true;

  constructor(
    private readonly positions: () => Float32Array,
    private readonly radii: () => Float32Array,
  ) {}

  invalidate(): void {
    this.isStale = true;
  }

  pick(camera: CameraState, viewport: Viewport, x: number, y: number): number {
    const radii = this.radii();
    if (radii.length === 0) return -1;
    if (this.isStale) {
      this.grid.rebuild(this.positions(), radii, radii.length);
      this.isStale = false;
    }
    const [wx, wy] = screenToWorld(camera, viewport, x, y);
    return this.grid.pick(wx, wy, MIN_NODE_RADIUS_PX / camera.zoom, PICK_TOLERANCE_PX / camera.zoom);
  }
}
