import { Application, Container, type Geometry, type Mesh, type Shader } from 'pixi.js';
import type { CameraState, Viewport } from '../camera/camera-math';
import { GRAPH } from '../constants';
import type { GraphModel } from '../model/graph-model';
import { premultiplied, PositionTexture } from './gpu-layers';
import { LabelLayer } from './label-layer';
import { LinkLayer } from './link-layer';
import { NodeLayer } from './node-layer';
import { BACKGROUND_COLOR, HIGHLIGHT_COLOR } from './node-style';
import { ParticleLayer } from './particle-layer';

/** Highlights are paths and selections: a few hundred links at most get particles. */
const MAX_HIGHLIGHT_LINKS = 2048;

export interface RenderFrame {
  camera: CameraState;
  viewport: Viewport;
  seconds: number;
  /** Labels are placed again only when the picture moved. */
  isMoved: boolean;
}

interface Layers {
  positions: PositionTexture;
  links: LinkLayer;
  highlightLinks: LinkLayer;
  particles: ParticleLayer;
  nodes: NodeLayer;
}

/**
 * PixiJS (WebGL2) drawing of the whole graph in four instanced draws plus a few labels.
 * Nothing here owns a timer: the engine calls render() at most once per animation frame.
 */
export class GraphRenderer {
  private readonly world = new Container();
  private readonly labels = new LabelLayer();
  private layers: Layers | null = null;
  private radii: Float32Array = new Float32Array(0);

  private constructor(private readonly app: Application) {
    app.stage.addChild(this.world, this.labels.container);
  }

  static async create(container: HTMLElement, viewport: Viewport): Promise<GraphRenderer> {
    const app = new Application();
    await app.init({
      width: viewport.width,
      height: viewport.height,
      background: BACKGROUND_COLOR,
      antialias: false,
      autoStart: false,
      sharedTicker: false,
      preference: 'webgl',
      resolution: window.devicePixelRatio || 1,
      autoDensity: true,
      eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
    });
    app.stage.eventMode = 'none';
    app.canvas.style.display = 'block';
    container.appendChild(app.canvas);
    return new GraphRenderer(app);
  }

  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  /** The main thread's copy of node positions, shared with the GPU texture. */
  get positions(): Float32Array {
    return this.layers?.positions.data ?? new Float32Array(0);
  }

  get isAnimating(): boolean {
    return this.layers?.particles.isActive ?? false;
  }

  setGraph(model: GraphModel, radii: Float32Array, colors: Uint32Array, positions: Float32Array): void {
    this.destroyLayers();
    const count = model.nodes.length;
    const texture = new PositionTexture(Math.max(1, count));
    texture.data.set(positions.subarray(0, count * 2));
    const linkStyle = { companyWidth: GRAPH.companyLinkWidth, otherWidth: GRAPH.otherLinkWidth };
    const layers: Layers = {
      positions: texture,
      links: new LinkLayer(model.linkSources.length, texture, { ...linkStyle, companyColor: premultiplied(0x94a3b8, 0.3), otherColor: premultiplied(0x94a3b8, 0.07) }, 'graph-links'),
      highlightLinks: new LinkLayer(MAX_HIGHLIGHT_LINKS, texture, { companyColor: premultiplied(HIGHLIGHT_COLOR, 0.9), otherColor: premultiplied(HIGHLIGHT_COLOR, 0.9), companyWidth: GRAPH.highlightLinkWidth, otherWidth: GRAPH.highlightLinkWidth }, 'graph-highlight-links'),
      particles: new ParticleLayer(MAX_HIGHLIGHT_LINKS, texture),
      nodes: new NodeLayer(count, texture),
    };
    layers.links.setLinks(model.linkSources, model.linkTargets, model.linkKinds, null);
    layers.highlightLinks.setLinks(model.linkSources, model.linkTargets, model.linkKinds, []);
    layers.nodes.setNodes(drawingOrder(count, model.youIndex), radii, colors);
    this.world.addChild(layers.links.mesh, layers.highlightLinks.mesh, layers.particles.mesh, layers.nodes.mesh);
    this.layers = layers;
    this.radii = radii;
    this.labels.setGraph(model);
    this.graph = model;
  }

  private graph: GraphModel | null = null;

  /** Call after writing into `positions`. */
  markPositionsChanged(): void {
    this.layers?.positions.markChanged();
  }

  setColors(colors: Uint32Array): void {
    this.layers?.nodes.setColors(colors);
  }

  setFlags(flags: Uint8Array): void {
    this.layers?.nodes.setFlags(flags);
  }

  setHighlightedLinks(links: ArrayLike<number>): void {
    if (!this.layers || !this.graph) return;
    const { linkSources, linkTargets, linkKinds } = this.graph;
    this.layers.highlightLinks.setLinks(linkSources, linkTargets, linkKinds, links);
    this.layers.particles.setLinks(linkSources, linkTargets, links);
  }

  render(frame: RenderFrame): void {
    const { camera, viewport } = frame;
    this.world.position.set(viewport.width / 2 - camera.x * camera.zoom, viewport.height / 2 - camera.y * camera.zoom);
    this.world.scale.set(camera.zoom);
    if (this.layers) {
      this.layers.links.setZoom(camera.zoom);
      this.layers.highlightLinks.setZoom(camera.zoom);
      this.layers.nodes.setZoom(camera.zoom);
      this.layers.particles.setFrame(camera.zoom, frame.seconds);
      if (frame.isMoved) this.labels.update(this.layers.positions.data, this.radii, camera, viewport);
    }
    this.app.renderer.render(this.app.stage);
  }

  resize(viewport: Viewport): void {
    this.app.renderer.resize(viewport.width, viewport.height);
  }

  /** Renders and reads the canvas back in the same task, before the browser clears it. */
  exportPng(frame: RenderFrame): Promise<Blob> {
    this.render({ ...frame, isMoved: true });
    return new Promise((resolve, reject) => this.app.canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG export failed'))), 'image/png'));
  }

  destroy(): void {
    this.destroyLayers();
    this.labels.destroy();
    this.app.destroy({ removeView: true }, { children: true });
  }

  private destroyLayers(): void {
    if (!this.layers) return;
    const meshes = [this.layers.links.mesh, this.layers.highlightLinks.mesh, this.layers.particles.mesh, this.layers.nodes.mesh];
    meshes.forEach(destroyMesh);
    this.layers.positions.destroy();
    this.layers = null;
  }
}

/** Node indices in drawing order: YOU last, on top of everyone. */
function drawingOrder(count: number, youIndex: number): Uint32Array {
  const order = new Uint32Array(count);
  let slot = 0;
  for (let i = 0; i < count; i++) if (i !== youIndex) order[slot++] = i;
  if (youIndex >= 0) order[slot] = youIndex;
  return order;
}

function destroyMesh(mesh: Mesh<Geometry, Shader>): void {
  const { geometry, shader } = mesh;
  mesh.removeFromParent();
  mesh.destroy();
  geometry.destroy(true);
  shader?.destroy(false);
}
