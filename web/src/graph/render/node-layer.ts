import { UniformGroup, type Geometry, type Mesh, type Shader } from 'pixi.js';
import { createQuadMesh, premultiplied, setQuad, VertexBuffer, type PositionTexture } from './gpu-layers';
import { FLAG_HOVER, FLAG_NONE, MIN_NODE_RADIUS_PX } from './node-flags';
import { GRAPH_COLORS } from './node-style';
import { NODE_FRAGMENT, NODE_VERTEX } from './shader-sources';

/**
 * Every person in one draw: quad k draws node order[k]; the order puts YOU last so YOU is
 * never hidden under a colleague. Colours and flags change only on highlight or hover.
 */
export class NodeLayer {
  readonly mesh: Mesh<Geometry, Shader>;
  private readonly uniforms = new UniformGroup({
    uZoom: { value: 1, type: 'f32' },
    uMinRadiusPx: { value: MIN_NODE_RADIUS_PX, type: 'f32' },
    uRingColor: { value: premultiplied(GRAPH_COLORS.highlight, 1), type: 'vec4<f32>' },
    uHoverColor: { value: premultiplied(0xffffff, 0.9), type: 'vec4<f32>' },
  });
  private readonly index: VertexBuffer<Float32Array>;
  private readonly radius: VertexBuffer<Float32Array>;
  private readonly color: VertexBuffer<Uint32Array>;
  private readonly flags: VertexBuffer<Float32Array>;
  private slotOfNode = new Uint32Array(0);
  private count = 0;
  private hovered = -1;
  private hoveredFlag = FLAG_NONE;

  constructor(capacity: number, positions: PositionTexture) {
    const vertices = Math.max(1, capacity) * 4;
    this.index = new VertexBuffer(new Float32Array(vertices));
    this.radius = new VertexBuffer(new Float32Array(vertices));
    this.color = new VertexBuffer(new Uint32Array(vertices));
    this.flags = new VertexBuffer(new Float32Array(vertices));
    this.mesh = createQuadMesh({
      quads: capacity,
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
    for (let slot = 0; slot < order.length; slot++) {
      const node = order[slot];
      this.slotOfNode[node] = slot;
      setQuad(this.index.data, slot, node);
      setQuad(this.radius.data, slot, radii[node]);
    }
    this.flags.data.fill(FLAG_NONE, 0, this.count * 4);
    this.hovered = -1;
    this.index.markChanged();
    this.radius.markChanged();
    this.flags.markChanged();
    this.setColors(colors);
    this.mesh.geometry.indexCount = this.count * 6;
    this.mesh.visible = this.count > 0;
  }

  setColors(colors: Uint32Array): void {
    for (let node = 0; node < this.count; node++)
      setQuad(this.color.data, this.slotOfNode[node], colors[node]);
    this.color.markChanged();
  }

  /** `flags` by node index: FLAG_RING for highlighted people, FLAG_HOVER for the hovered one. */
  setFlags(flags: Uint8Array): void {
    for (let node = 0; node < this.count; node++) this.setFlag(node, flags[node]);
    this.hoveredFlag = this.hovered >= 0 ? flags[this.hovered] : FLAG_NONE;
    if (this.hovered >= 0) this.setFlag(this.hovered, FLAG_HOVER);
    this.flags.markChanged();
  }

  /** Rings the hovered node (-1 for none), restoring the previous one's own flag. */
  setHovered(node: number): void {
    if (this.hovered >= 0 && this.hovered < this.count) this.setFlag(this.hovered, this.hoveredFlag);
    this.hovered = node >= 0 && node < this.count ? node : -1;
    if (this.hovered >= 0) {
      this.hoveredFlag = this.flags.data[this.slotOfNode[this.hovered] * 4];
      this.setFlag(this.hovered, FLAG_HOVER);
    }
    this.flags.markChanged();
  }

  private setFlag(node: number, flag: number): void {
    setQuad(this.flags.data, this.slotOfNode[node], flag);
  }

  setZoom(zoom: number): void {
    this.uniforms.uniforms.uZoom = zoom;
  }
}
