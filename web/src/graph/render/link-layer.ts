import { UniformGroup, type Geometry, type Mesh, type Shader } from 'pixi.js';
import { createQuadMesh, setQuad, setQuadPair, VertexBuffer, type PositionTexture } from './gpu-layers';
import { LINK_FRAGMENT, LINK_VERTEX } from './shader-sources';

export interface LinkStyle {
  companyColor: Float32Array;
  otherColor: Float32Array;
  companyWidth: number;
  otherWidth: number;
}

/**
 * Links as quads between two node indices: the geometry is uploaded once per graph, and a
 * layout tick only changes the position texture the shader reads the endpoints from.
 */
export class LinkLayer {
  readonly mesh: Mesh<Geometry, Shader>;
  private readonly uniforms: UniformGroup;
  private readonly ends: VertexBuffer<Float32Array>;
  private readonly kinds: VertexBuffer<Float32Array>;
  readonly capacity: number;

  constructor(capacity: number, positions: PositionTexture, style: LinkStyle, name: string) {
    this.uniforms = new UniformGroup({
      uZoom: { value: 1, type: 'f32' },
      uCompanyColor: { value: style.companyColor, type: 'vec4<f32>' },
      uOtherColor: { value: style.otherColor, type: 'vec4<f32>' },
      uCompanyWidth: { value: style.companyWidth, type: 'f32' },
      uOtherWidth: { value: style.otherWidth, type: 'f32' },
    });
    this.capacity = capacity;
    this.ends = new VertexBuffer(new Float32Array(Math.max(1, capacity) * 8));
    this.kinds = new VertexBuffer(new Float32Array(Math.max(1, capacity) * 4));
    this.mesh = createQuadMesh({
      quads: capacity,
      attributes: [
        { name: 'aEnds', buffer: this.ends, format: 'float32x2' },
        { name: 'aKind', buffer: this.kinds, format: 'float32' },
      ],
      vertex: LINK_VERTEX,
      fragment: LINK_FRAGMENT,
      name,
      uniforms: this.uniforms,
      positions,
    });
  }

  /** Draws the links whose indices are listed (all of them when `subset` is null). */
  setLinks(
    sources: Uint32Array,
    targets: Uint32Array,
    kinds: Uint8Array,
    subset: ArrayLike<number> | null,
  ): void {
    const count = Math.min(subset ? subset.length : sources.length, this.capacity);
    for (let k = 0; k < count; k++) {
      const link = subset ? subset[k] : k;
      setQuadPair(this.ends.data, k, sources[link], targets[link]);
      setQuad(this.kinds.data, k, kinds[link]);
    }
    this.ends.markChanged();
    this.kinds.markChanged();
    this.mesh.geometry.indexCount = count * 6;
    this.mesh.visible = count > 0;
  }

  setZoom(zoom: number): void {
    this.uniforms.uniforms.uZoom = zoom;
  }
}
