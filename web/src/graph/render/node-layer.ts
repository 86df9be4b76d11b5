import { UniformGroup, type Geometry, type Mesh, type Shader } from 'pixi.js';
import { createInstancedMesh, InstanceBuffer, premultiplied, SQUARE_CORNERS, type PositionTexture } from './gpu-layers';
import { FLAG_HOVER, FLAG_NONE, MIN_NODE_RADIUS_PX } from './node-flags';
import { HIGHLIGHT_COLOR } from './node-style';
import { NODE_FRAGMENT, NODE_VERTEX } from './shader-sources';


/**
 * Every person in one instanced draw. Instance k draws node order[k]; the order puts YOU
 * last so YOU is never hidden under a colleague.
 */
export class NodeLayer {
  readonly mesh: Mesh<Geometry, Shader>;
  private readonly uniforms = new UniformGroup({
    uZoom: { value: 1, type: 'f32' },
    uMinRadiusPx: { value: MIN_NODE_RADIUS_PX, type: 'f32' },
    uRingColor: { value: premultiplied(HIGHLIGHT_COLOR, 1), type: 'vec4<f32>' },
    uHoverColor: { value: premultiplied(0xffffff, 0.9), type: 'vec4<f32>' },
  });
  private readonly index: InstanceBuffer<Float32Array>;
  private readonly radius: InstanceBuffer<Float32Array>;
  private readonly color: InstanceBuffer<Uint32Array>;
  private readonly flags: InstanceBuffer<Float32Array>;
  private slotOfNode = new Uint32Array(0);
  private count = 0;
  private hovered = -1;
  private hoveredFlag = FLAG_NONE;

  constructor(capacity: number, positions: PositionTexture) {
    this.index = new InstanceBuffer(new Float32Array(capacity));
    this.radius = new InstanceBuffer(new Float32Array(capacity));
    this.color = new InstanceBuffer(new Uint32Array(capacity));
    this.flags = new InstanceBuffer(new Float32Array(capacity));
    this.mesh = createInstancedMesh({
      corners: SQUARE_CORNERS,
      attributes: [
        { name: 'aIndex', buffer: this.index, format: 'float32' },
        { name: 'aRadius', buffer: this.radius, format: 'float32' },
        { name: 'aColor', buffer: this.color, format: 'unorm8x4' },
        { name: 'aFlags', buffer: this.flags, format: 'float32' },
      ],
      vertex: NODE_VERTEX,
      fragment: NODE_FRAGMENT,
      name: 'graph-nodes',
      uniforms: this.uniforms,
      positions,
    });
  }

  /** `order` lists node indices in drawing order; radii and colours are by node index. */
  setNodes(order: Uint32Array, radii: Float32Array, colors: Uint32Array): void {
    this.count = order.length;
    this.slotOfNode = new Uint32Array(order.length);
    order.forEach((node, slot) => {
      this.slotOfNode[node] = slot;
      this.index.data[slot] = node;
      this.radius.data[slot] = radii[node];
    });
    this.flags.data.fill(FLAG_NONE, 0, this.count);
    this.hovered = -1;
    this.index.markChanged();
    this.radius.markChanged();
    this.flags.markChanged();
    this.setColors(colors);
    this.mesh.geometry.instanceCount = this.count;
  }

  setColors(colors: Uint32Array): void {
    for (let node = 0; node < this.count; node++) this.color.data[this.slotOfNode[node]] = colors[node];
    this.color.markChanged();
  }

  /** `flags` by node index: FLAG_RING for highlighted people, FLAG_HOVER for the hovered one. */
  setFlags(flags: Uint8Array): void {
    for (let node = 0; node < this.count; node++) this.flags.data[this.slotOfNode[node]] = flags[node];
    this.hoveredFlag = this.hovered >= 0 ? this.flags.data[this.slotOfNode[this.hovered]] : FLAG_NONE;
    if (this.hovered >= 0) this.flags.data[this.slotOfNode[this.hovered]] = FLAG_HOVER;
    this.flags.markChanged();
  }

  /** Rings the hovered node (-1 for none), restoring the previous one's own flag. */
  setHovered(node: number): void {
    if (this.hovered >= 0 && this.hovered < this.count) this.flags.data[this.slotOfNode[this.hovered]] = this.hoveredFlag;
    this.hovered = node >= 0 && node < this.count ? node : -1;
    if (this.hovered >= 0) {
      this.hoveredFlag = this.flags.data[this.slotOfNode[this.hovered]];
      this.flags.data[this.slotOfNode[this.hovered]] = FLAG_HOVER;
    }
    this.flags.markChanged();
  }

  setZoom(zoom: number): void {
    this.uniforms.uniforms.uZoom = zoom;
  }
}
