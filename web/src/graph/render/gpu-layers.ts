import { Buffer, BufferImageSource, BufferUsage, Geometry, GlProgram, Mesh, Shader, UniformGroup, type TypedArray, type VertexFormat } from 'pixi.js';

/** Node i sits at texel i of a texture this wide; 1024 keeps 100k people within 98 rows. */
export const POSITION_TEXTURE_WIDTH = 1024;

/**
 * All node positions in one RG32F texture. `data` is also the main thread's copy of the
 * positions (picking, labels, fit): node i is at data[2i], data[2i + 1].
 */
export class PositionTexture {
  readonly source: BufferImageSource;
  readonly data: Float32Array;

  constructor(readonly capacity: number) {
    const height = Math.max(1, Math.ceil(capacity / POSITION_TEXTURE_WIDTH));
    this.data = new Float32Array(POSITION_TEXTURE_WIDTH * height * 2);
    this.source = new BufferImageSource({
      resource: this.data,
      width: POSITION_TEXTURE_WIDTH,
      height,
      format: 'rg32float',
      alphaMode: 'no-premultiply-alpha',
      // Float textures are not filterable in WebGL2; a linear filter would make them incomplete.
      scaleMode: 'nearest',
      autoGenerateMipmaps: false,
    });
  }

  /** Marks the whole texture for upload on the next render (8 bytes per node). */
  markChanged(): void {
    this.source.update();
  }

  destroy(): void {
    this.source.destroy();
  }
}

/** A growable per-instance vertex buffer, updated in place and uploaded only when marked. */
export class InstanceBuffer<T extends Float32Array | Uint32Array> {
  readonly buffer: Buffer;

  constructor(readonly data: T) {
    this.buffer = new Buffer({ data, usage: BufferUsage.VERTEX | BufferUsage.COPY_DST });
  }

  markChanged(): void {
    this.buffer.update();
  }
}

export interface InstanceAttribute {
  name: string;
  buffer: InstanceBuffer<Float32Array | Uint32Array>;
  format: VertexFormat;
}

const QUAD_INDICES = new Uint16Array([0, 1, 2, 0, 2, 3]);

/** A quad drawn once per instance: one draw call whatever the instance count. */
export function createInstancedMesh(options: {
  corners: readonly number[];
  attributes: readonly InstanceAttribute[];
  vertex: string;
  fragment: string;
  name: string;
  uniforms: UniformGroup;
  positions: PositionTexture;
}): Mesh<Geometry, Shader> {
  const attributes: Record<string, { buffer: Buffer | TypedArray; format: VertexFormat; instance?: boolean }> = {
    // Mesh computes its bounds from aPosition; the real extent comes from the shader.
    aPosition: { buffer: new Float32Array(options.corners), format: 'float32x2' },
    aCorner: { buffer: new Float32Array(options.corners), format: 'float32x2' },
  };
  for (const attribute of options.attributes) attributes[attribute.name] = { buffer: attribute.buffer.buffer, format: attribute.format, instance: true };
  const geometry = new Geometry({ attributes, indexBuffer: QUAD_INDICES, instanceCount: 0 });
  const shader = new Shader({
    glProgram: GlProgram.from({ vertex: options.vertex, fragment: options.fragment, name: options.name }),
    resources: { graphUniforms: options.uniforms, uPositions: options.positions.source },
  });
  const mesh = new Mesh<Geometry, Shader>({ geometry, shader });
  mesh.state.blendMode = 'normal';
  return mesh;
}

/** 0xRRGGBB + alpha as a premultiplied vec4 uniform. */
export function premultiplied(color: number, alpha: number): Float32Array {
  return new Float32Array([(((color >> 16) & 0xff) / 255) * alpha, (((color >> 8) & 0xff) / 255) * alpha, ((color & 0xff) / 255) * alpha, alpha]);
}

export const SQUARE_CORNERS = [-1, -1, 1, -1, 1, 1, -1, 1];
/** Links run from x = 0 (source) to x = 1 (target); y is the side. */
export const SEGMENT_CORNERS = [0, -1, 1, -1, 1, 1, 0, 1];
