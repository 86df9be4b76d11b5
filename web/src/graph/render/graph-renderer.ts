// Static imports of what PixiJS would otherwise fetch at init (the worker environment's
// extensions, the WebGL renderer): no extra round trips before the first frame.
import 'pixi.js/webworker';
import { Container, WebGLRenderer, type Geometry, type Mesh, type Shader } from 'pixi.js';
import type { CameraState, Viewport } from '../camera/camera-math';
import { premultiplied, PositionTexture } from './gpu-layers';
import { LabelLayer } from './label-layer';
import { LinkLayer } from './link-layer';
import { HIGHLIGHT_LINK_WIDTHS, LINK_WIDTHS } from './link-width';
import { NodeLayer } from './node-layer';
import { GRAPH_COLORS } from './node-style';
import { ParticleLayer } from './particle-layer';
import type { RenderGraph, ShownLabel } from './render-protocol';
import { LINK_GROUP } from '../model/graph-model';

/** Highlights are paths and selections: a few hundred links at most get particles. */
const MAX_HIGHLIGHT_LINKS = 2048;
/**
 * Links other than company links (mostly YOU's, one per connection) are drawn while their count
 * times the zoom stays under this. Beyond it they are a grey haze over the companies, and long
 * thin quads are most of a software rasteriser's frame (30,000 people: 1.4 s with them, 0.35 s
 * without); zooming in brings them back.
 */
const OTHER_LINK_BUDGET = 2500;

export interface RenderFrame {
  camera: CameraState;
  viewport: Viewport;
  seconds: number;
  /** Labels are placed again only when the picture moved. */
  isMoved: boolean;
}

interface Layers {
  graph: RenderGraph;
  positions: PositionTexture;
  links: LinkLayer;
  otherLinks: LinkLayer;
  otherLinkCount: number;
  highlightLinks: LinkLayer;
  particles: ParticleLayer;
  nodes: NodeLayer;
}

/**
 * PixiJS (WebGL2) drawing of the whole graph in four instanced draws plus a few labels, on an
 * OffscreenCanvas in the render worker. It owns no timer: the worker calls render() at most
 * once per animation frame.
 */
export class GraphRenderer {
  private readonly stage = new Container();
  private readonly world = new Container();
  private readonly labels = new LabelLayer();
  private layers: Layers | null = null;

  private constructor(
    private readonly renderer: WebGLRenderer,
    private readonly canvas: OffscreenCanvas,
  ) {
    this.stage.addChild(this.world, this.labels.container);
  }

  static async create(
    canvas: OffscreenCanvas,
    viewport: Viewport,
    resolution: number,
  ): Promise<GraphRenderer> {
    const renderer = new WebGLRenderer();
    await renderer.init({
      canvas,
      width: viewport.width,
      height: viewport.height,
      resolution,
      background: GRAPH_COLORS.background,
      antialias: false,
      skipExtensionImports: true,
    });
    return new GraphRenderer(renderer, canvas);
  }

  /** The worker's copy of node positions, shared with the GPU texture. */
  get positions(): Float32Array {
    return this.layers?.positions.data ?? new Float32Array(0);
  }

  /** The labels drawn since they last changed, or null when they did not change. */
  takeChangedLabels(): ShownLabel[] | null {
    if (!this.labels.changed) return null;
    this.labels.changed = false;
    return this.labels.shown;
  }

  get isAnimating(): boolean {
    return this.layers?.particles.isActive ?? false;
  }

  setGraph(graph: RenderGraph): void {
    this.destroyLayers();
    const count = graph.nodeCount;
    const texture = new PositionTexture(Math.max(1, count));
    texture.data.set(graph.positions.subarray(0, count * 2));
    const linkStyle = {
      widths: LINK_WIDTHS,
      companyColor: premultiplied(0x94a3b8, 0.3),
      otherColor: premultiplied(0x94a3b8, 0.07),
    };
    const [company, other] = splitByKind(graph.linkKinds);
    const highlightStyle = {
      companyColor: premultiplied(GRAPH_COLORS.highlight, 0.9),
      otherColor: premultiplied(GRAPH_COLORS.highlight, 0.9),
      widths: HIGHLIGHT_LINK_WIDTHS,
    };
    const layers: Layers = {
      graph,
      positions: texture,
      links: new LinkLayer(company.length, texture, linkStyle, 'graph-links'),
      otherLinks: new LinkLayer(other.length, texture, linkStyle, 'graph-links'),
      otherLinkCount: other.length,
      highlightLinks: new LinkLayer(MAX_HIGHLIGHT_LINKS, texture, highlightStyle, 'graph-highlight-links'),
      particles: new ParticleLayer(MAX_HIGHLIGHT_LINKS, texture),
      nodes: new NodeLayer(count, texture),
    };
    const { linkSources, linkTargets, linkKinds, linkWeights } = graph;
    layers.links.setLinks(linkSources, linkTargets, linkKinds, linkWeights, company);
    layers.otherLinks.setLinks(linkSources, linkTargets, linkKinds, linkWeights, other);
    layers.highlightLinks.setLinks(linkSources, linkTargets, linkKinds, linkWeights, []);
    layers.nodes.setNodes(drawingOrder(count, graph.anchorIndex), graph.radii, graph.colors);
    this.world.addChild(
      layers.otherLinks.mesh,
      layers.links.mesh,
      layers.highlightLinks.mesh,
      layers.particles.mesh,
      layers.nodes.mesh,
    );
    this.layers = layers;
    this.labels.setGraph(graph);
  }

  setPositions(positions: Float32Array): void {
    if (!this.layers) return;
    this.layers.positions.data.set(positions.subarray(0, this.layers.graph.nodeCount * 2));
    this.layers.positions.markChanged();
  }

  setColors(colors: Uint32Array): void {
    this.layers?.nodes.setColors(colors);
  }

  setFlags(flags: Uint8Array): void {
    this.layers?.nodes.setFlags(flags);
    this.labels.setFlags(flags);
  }

  setHovered(node: number): void {
    this.layers?.nodes.setHovered(node);
    this.labels.setHovered(node);
  }

  setHighlightedLinks(links: ArrayLike<number>): void {
    if (!this.layers) return;
    const { linkSources, linkTargets, linkKinds, linkWeights } = this.layers.graph;
    this.layers.highlightLinks.setLinks(linkSources, linkTargets, linkKinds, linkWeights, links);
    this.layers.particles.setLinks(linkSources, linkTargets, links);
  }

  render(frame: RenderFrame): void {
    const { camera, viewport } = frame;
    this.world.position.set(
      viewport.width / 2 - camera.x * camera.zoom,
      viewport.height / 2 - camera.y * camera.zoom,
    );
    this.world.scale.set(camera.zoom);
    if (this.layers) {
      this.layers.links.setZoom(camera.zoom);
      this.layers.otherLinks.setZoom(camera.zoom);
      this.layers.otherLinks.mesh.visible =
        this.layers.otherLinkCount > 0 && this.layers.otherLinkCount * camera.zoom <= OTHER_LINK_BUDGET;
      this.layers.highlightLinks.setZoom(camera.zoom);
      this.layers.nodes.setZoom(camera.zoom);
      this.layers.particles.setFrame(camera.zoom, frame.seconds);
      if (frame.isMoved)
        this.labels.update(this.layers.positions.data, this.layers.graph.radii, camera, viewport);
    }
    this.renderer.render(this.stage);
  }

  resize(viewport: Viewport, resolution: number): void {
    this.renderer.resize(viewport.width, viewport.height, resolution);
  }

  /** Renders and reads the canvas back in the same task, before the drawing buffer is swapped. */
  exportPng(frame: RenderFrame): Promise<Blob> {
    this.render({ ...frame, isMoved: true });
    return this.canvas.convertToBlob({ type: 'image/png' });
  }

  destroy(): void {
    this.destroyLayers();
    this.labels.destroy();
    this.stage.destroy({ children: true });
    this.renderer.destroy();
  }

  private destroyLayers(): void {
    if (!this.layers) return;
    const meshes = [
      this.layers.links.mesh,
      this.layers.otherLinks.mesh,
      this.layers.highlightLinks.mesh,
      this.layers.particles.mesh,
      this.layers.nodes.mesh,
    ];
    meshes.forEach(destroyMesh);
    this.layers.positions.destroy();
    this.layers = null;
  }
}

/** Link indices of company links and of the others. */
function splitByKind(kinds: Uint8Array): [Uint32Array, Uint32Array] {
  // Plain loops: a forEach's callback per link was ~15 % of the first frame's task at 405,000
  // links (docs/performance.md "The first frame's build").
  let companies = 0;
  for (let link = 0; link < kinds.length; link++) if (kinds[link] === LINK_GROUP) companies++;
  const company = new Uint32Array(companies);
  const other = new Uint32Array(kinds.length - companies);
  let c = 0;
  let o = 0;
  for (let link = 0; link < kinds.length; link++) {
    if (kinds[link] === LINK_GROUP) company[c++] = link;
    else other[o++] = link;
  }
  return [company, other];
}

/** Node indices in drawing order: YOU last, on top of everyone. */
function drawingOrder(count: number, anchorIndex: number): Uint32Array {
  const order = new Uint32Array(count);
  let slot = 0;
  for (let i = 0; i < count; i++) if (i !== anchorIndex) order[slot++] = i;
  if (anchorIndex >= 0) order[slot] = anchorIndex;
  return order;
}

function destroyMesh(mesh: Mesh<Geometry, Shader>): void {
  const { geometry, shader } = mesh;
  mesh.removeFromParent();
  mesh.destroy();
  geometry.destroy(true);
  shader?.destroy(false);
}
