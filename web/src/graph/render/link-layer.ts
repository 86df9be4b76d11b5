import { UniformGroup, type Geometry, type Mesh, type Shader } from 'pixi.js';
import { createQuadMesh, setQuad, setQuadPair, VertexBuffer, type PositionTexture } from './gpu-layers';
import { linkStyleTable, linkStyleValue, type LinkWidths } from './link-width';
import { LINK_FRAGMENT, LINK_VERTEX } from './shader-sources';
import { LINK_OTHER } from '../model/graph-model';

export interface LinkStyle {
  companyColor: Float32Array;
  otherColor: Float32Array;
  widths: LinkWidths;
}

/**
 * Links as quads between two node indices: the geometry is uploaded once per graph, and a
 * layout tick only changes the position texture the shader reads the endpoints from. Each
 * link's width (its weight's or its kind's, link-width.ts) is worked out here, once per graph.
 */
export class LinkLayer {
  readonly mesh: Mesh<Geometry, Shader>;
  private readonly uniforms: UniformGroup;
  private readonly ends: VertexBuffer<Float32Array>;
  /** Per vertex: the link's width in CSS px, negative for links that are not group links. */
  private readonly styles: VertexBuffer<Float32Array>;
  private readonly widths: LinkWidths;
  /** linkStyleValue by kind and weight code (kind * 256 + code), worked out once per layer. */
  private readonly styleOf: Float32Array;
  readonly capacity: number;

  constructor(capacity: number, positions: PositionTexture, style: LinkStyle, name: string) {
    this.uniforms = new UniformGroup({
      uZoom: { value: 1, type: 'f32' },
      uCompanyColor: { value: style.companyColor, type: 'vec4<f32>' },
      uOtherColor: { value: style.otherColor, type: 'vec4<f32>' },
    });
    this.widths = style.widths;
    this.styleOf = linkStyleTable(style.widths);
    this.capacity = capacity;
    this.ends = new VertexBuffer(new Float32Array(Math.max(1, capacity) * 8));
    this.styles = new VertexBuffer(new Float32Array(Math.max(1, capacity) * 4));
    this.mesh = createQuadMesh({
      quads: capacity,
      attributes: [
        { name: 'aEnds', buffer: this.ends, format: 'float32x2' },
        { name: 'aStyle', buffer: this.styles, format: 'float32' },
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
    weights: Uint8Array,
    subset: ArrayLike<number> | null,
  ): void {
    const count = Math.min(subset ? subset.length : sources.length, this.capacity);
    const { styleOf } = this;
    const ends = this.ends.data;
    const styles = this.styles.data;
    for (let k = 0; k < count; k++) {
      const link = subset ? subset[k] : k;
      setQuadPair(ends, k, sources[link], targets[link]);
      const kind = kinds[link];
      setQuad(
        styles,
        k,
        kind <= LINK_OTHER
          ? styleOf[kind * 256 + weights[link]]
          : linkStyleValue(this.widths, kind, weights[link]),
      );
    }
    this.ends.markChanged();
    this.styles.markChanged();
    this.mesh.geometry.indexCount = count * 6;
    this.mesh.visible = count > 0;
  }

  setZoom(zoom: number): void {
    this.uniforms.uniforms.uZoom = zoom;
  }
}
