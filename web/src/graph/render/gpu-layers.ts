import {
  Buffer,
  BufferImageSource,
  BufferUsage,
  Geometry,
  GlProgram,
  Mesh,
  Shader,
  type UniformGroup,
  type TypedArray,
  type VertexFormat,
} from 'pixi.js';

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

/** A vertex buffer kept on the CPU side too, updated in place and uploaded only when marked. */
export class VertexBuffer<T extends Float32Array | Uint32Array> {
  readonly buffer: Buffer;

  constructor(readonly data: T) {
    this.buffer = new Buffer({ data, usage: BufferUsage.VERTEX | BufferUsage.COPY_DST });
  }

  markChanged(): void {
    this.buffer.update();
  }
}

export interface MeshAttribute {
  name: string;
  buffer: VertexBuffer<Float32Array | Uint32Array>;
  format: VertexFormat;
}

interface MeshOptions {
  attributes: readonly MeshAttribute[];
  vertex: string;
  fragment: string;
  name: string;
  uniforms: UniformGroup;
  positions: PositionTexture;
}

/**
 * Quads as plain indexed triangles, four vertices each, drawn in one call. Not instanced:
 * software rasterisers (SwiftShader, llvmpipe) pay a set-up per instance that made 26,000
 * instanced links cost a second a frame; plain triangles cost a fraction of that, and a GPU
 * does not mind either way. The corner comes from gl_VertexID, so per-vertex data is only what
 * the quad is about (node index, endpoints), uploaded once per graph.
 */
export function createQuadMesh(options: MeshOptions & { quads: number }): Mesh<Geometry, Shader> {
  return createMesh(options, quadIndices(Math.max(1, options.quads)), false);
}

/**
 * Every quad mesh's indices are the same pattern (0 1 2 0 2 3, then 4 5 6 4 6 7, ...): one array,
 * grown to the largest mesh and shared as views, is filled once per worker instead of once per
 * mesh and graph (2.4 million indices at 405,000 links: docs/performance.md "The first frame's
 * build").
 */
let sharedQuadIndices = new Uint32Array(0);

export function quadIndices(quads: number): Uint32Array {
  const length = quads * 6;
  if (sharedQuadIndices.length < length) {
    const grown = new Uint32Array(length);
    grown.set(sharedQuadIndices);
    for (let q = sharedQuadIndices.length / 6, i = sharedQuadIndices.length; i < grown.length; q++, i += 6) {
      const v = q * 4;
      grown[i] = v;
      grown[i + 1] = v + 1;
      grown[i + 2] = v + 2;
      grown[i + 3] = v;
      grown[i + 4] = v + 2;
      grown[i + 5] = v + 3;
    }
    sharedQuadIndices = grown;
  }
  return sharedQuadIndices.subarray(0, length);
}

/** A quad drawn once per instance (the few particles): one draw call whatever the count. */
export function createInstancedMesh(options: MeshOptions): Mesh<Geometry, Shader> {
  return createMesh(options, QUAD_INDICES, true);
}

const QUAD_INDICES = new Uint32Array([0, 1, 2, 0, 2, 3]);

function createMesh(
  options: MeshOptions,
  indices: Uint32Array,
  isInstanced: boolean,
): Mesh<Geometry, Shader> {
  const attributes: Record<
    string,
    { buffer: Buffer | TypedArray; format: VertexFormat; instance?: boolean }
  > = {
    // Mesh computes its bounds from aPosition; the real extent comes from the shader.
    aPosition: { buffer: new Float32Array([-1, -1, 1, -1, 1, 1, -1, 1]), format: 'float32x2' },
  };
  for (const attribute of options.attributes)
    attributes[attribute.name] = {
      buffer: attribute.buffer.buffer,
      format: attribute.format,
      instance: isInstanced,
    };
  const geometry = new Geometry({ attributes, indexBuffer: indices, instanceCount: isInstanced ? 0 : 1 });
  const shader = new Shader({
    glProgram: GlProgram.from({ vertex: options.vertex, fragment: options.fragment, name: options.name }),
    resources: { graphUniforms: options.uniforms, uPositions: options.positions.source },
  });
  const mesh = new Mesh<Geometry, Shader>({ geometry, shader });
  mesh.state.blendMode = 'normal';
  return mesh;
}

/** Writes one value into the four vertices of quad q (one component per vertex). */
export function setQuad(data: Float32Array | Uint32Array, quad: number, value: number): void {
  const at = quad * 4;
  data[at] = value;
  data[at + 1] = value;
  data[at + 2] = value;
  data[at + 3] = value;
}

/** Writes a pair into the four vertices of quad q (two components per vertex). */
export function setQuadPair(data: Float32Array, quad: number, a: number, b: number): void {
  for (let at = quad * 8, end = at + 8; at < end; at += 2) {
    data[at] = a;
    data[at + 1] = b;
  }
}

/** 0xRRGGBB + alpha as a premultiplied vec4 uniform. */
export function premultiplied(color: number, alpha: number): Float32Array {
  return new Float32Array([
    (((color >> 16) & 0xff) / 255) * alpha,
    (((color >> 8) & 0xff) / 255) * alpha,
    ((color & 0xff) / 255) * alpha,
    alpha,
  ]);
}
