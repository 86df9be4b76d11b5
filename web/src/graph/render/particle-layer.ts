import { UniformGroup, type Geometry, type Mesh, type Shader } from 'pixi.js';
import { GRAPH } from '../constants';
import { createInstancedMesh, premultiplied, VertexBuffer, type PositionTexture } from './gpu-layers';
import { GRAPH_COLORS } from './node-style';
import { PARTICLE_FRAGMENT, PARTICLE_VERTEX } from './shader-sources';

/** Link lengths per second; force-graph's default 0.01 per frame at 60 fps. */
const PARTICLE_SPEED = 0.6;
const PARTICLE_RADIUS_PX = 2.5;

/** The 4 particles that travel along each highlighted link, animated on the GPU by uTime. */
export class ParticleLayer {
  readonly mesh: Mesh<Geometry, Shader>;
  private readonly uniforms = new UniformGroup({
    uZoom: { value: 1, type: 'f32' },
    uTime: { value: 0, type: 'f32' },
    uSpeed: { value: PARTICLE_SPEED, type: 'f32' },
    uSizePx: { value: PARTICLE_RADIUS_PX, type: 'f32' },
    uColor: { value: premultiplied(GRAPH_COLORS.highlight, 1), type: 'vec4<f32>' },
  });
  private readonly ends: VertexBuffer<Float32Array>;
  private readonly phases: VertexBuffer<Float32Array>;

  constructor(
    private readonly maxLinks: number,
    positions: PositionTexture,
  ) {
    const capacity = maxLinks * GRAPH.particlesPerLink;
    this.ends = new VertexBuffer(new Float32Array(Math.max(1, capacity) * 2));
    this.phases = new VertexBuffer(new Float32Array(Math.max(1, capacity)));
    this.mesh = createInstancedMesh({
      attributes: [
        { name: 'aEnds', buffer: this.ends, format: 'float32x2' },
        { name: 'aPhase', buffer: this.phases, format: 'float32' },
      ],
      vertex: PARTICLE_VERTEX,
      fragment: PARTICLE_FRAGMENT,
      name: 'graph-particles',
      uniforms: this.uniforms,
      positions,
    });
    this.mesh.visible = false;
  }

  get isActive(): boolean {
    return this.mesh.visible;
  }

  setLinks(sources: Uint32Array, targets: Uint32Array, links: ArrayLike<number>): void {
    const count = Math.min(links.length, this.maxLinks);
    const per = GRAPH.particlesPerLink;
    for (let k = 0; k < count; k++) {
      for (let p = 0; p < per; p++) {
        const slot = k * per + p;
        this.ends.data[slot * 2] = sources[links[k]];
        this.ends.data[slot * 2 + 1] = targets[links[k]];
        this.phases.data[slot] = p / per;
      }
    }
    this.ends.markChanged();
    this.phases.markChanged();
    this.mesh.geometry.instanceCount = count * per;
    this.mesh.visible = count > 0;
  }

  setFrame(zoom: number, seconds: number): void {
    this.uniforms.uniforms.uZoom = zoom;
    this.uniforms.uniforms.uTime = seconds;
  }
}
