import { BitmapText, Container, Graphics } from 'pixi.js';
import { worldToScreen, type CameraState, type Viewport } from '../camera/camera-math';
import { LABEL_FONT_PX, LabelGrid, planLabels, type LabelledCompany, type PlannedLabel } from './label-plan';
import type { RenderGraph, ShownLabel } from './render-protocol';
import { GRAPH_COLORS } from './node-style';

const LABEL_STYLE = {
  fontFamily: 'Arial, Helvetica, sans-serif',
  fontSize: LABEL_FONT_PX,
  fill: 0xe2e8f0,
} as const;
/** Hidden texts kept for reuse beyond this many are destroyed (panning over 100,000 names). */
const TEXT_CACHE = 400;

/**
 * Screen-space text: the YOU badge, company labels at their clusters' centres and, close up,
 * people's names, as planned by level of detail (label-plan.ts). Texts are made the first
 * time a label is shown and kept while the graph stays.
 */
export class LabelLayer {
  readonly container = new Container();
  private readonly texts = new Map<string, BitmapText>();
  private readonly grid = new LabelGrid();
  private readonly badge = new Container();
  private anchorIndex = -1;
  private companies: LabelledCompany[] = [];
  private groupOfNode: Int32Array = new Int32Array(0);
  /** Every node's label, one a line, as the graph brought them; split when a name is first shown. */
  private joinedNames = '';
  private names: string[] | null = [];
  private flags: Uint8Array = new Uint8Array(0);
  private hovered = -1;
  private shownKey = '';
  /** The labels drawn now; `changed` is set when they differ from the previous update's. */
  shown: ShownLabel[] = [];
  changed = false;

  constructor() {
    const pill = new Graphics().roundRect(-16, 0, 32, 15, 7).fill({ color: GRAPH_COLORS.anchor });
    const text = new BitmapText({
      text: 'YOU',
      style: { ...LABEL_STYLE, fontSize: 10, fill: 0x0b1120, fontWeight: 'bold' },
    });
    text.anchor.set(0.5, 0);
    text.y = 1.5;
    this.badge.addChild(pill, text);
    this.badge.visible = false;
    this.container.addChild(this.badge);
  }

  setGraph(graph: RenderGraph): void {
    for (const text of this.texts.values()) text.destroy();
    this.texts.clear();
    this.companies = graph.companies;
    this.groupOfNode = graph.groupOfNode;
    // Split on first use: far out no name is drawn, and splitting 100,000 names was ~10 % of
    // the first frame's task (docs/performance.md "The first frame's build").
    this.joinedNames = graph.names;
    this.names = null;
    this.anchorIndex = graph.anchorIndex;
    this.flags = new Uint8Array(graph.nodeCount);
    this.hovered = -1;
  }

  setFlags(flags: Uint8Array): void {
    this.flags = flags;
  }

  setHovered(node: number): void {
    this.hovered = node;
  }

  /** Places the badge and the labels of this level of detail; `radii` in world units by node index. */
  update(positions: Float32Array, radii: Float32Array, camera: CameraState, viewport: Viewport): void {
    this.badge.visible = false;
    if (this.anchorIndex >= 0) {
      const [x, y] = worldToScreen(
        camera,
        viewport,
        positions[this.anchorIndex * 2],
        positions[this.anchorIndex * 2 + 1],
      );
      this.badge.position.set(
        Math.round(x),
        Math.round(y + Math.max(radii[this.anchorIndex] * camera.zoom, 1.2) + 3),
      );
      this.badge.visible = Number.isFinite(x + y);
    }
    const nameList = (): readonly string[] => this.nameList();
    const planned = planLabels(
      {
        positions,
        radii,
        camera,
        viewport,
        groupOfNode: this.groupOfNode,
        companies: this.companies,
        get names() {
          return nameList();
        },
        anchorIndex: this.anchorIndex,
        hovered: this.hovered,
        flags: this.flags,
      },
      this.grid,
    );
    for (const text of this.texts.values()) text.visible = false;
    this.report(planned);
    for (const label of planned) {
      const key = `${label.kind === 'company' ? 'c' : 'p'}${label.index}`;
      let text = this.texts.get(key);
      if (!text) {
        text = new BitmapText({ text: label.text, style: LABEL_STYLE });
        text.anchor.set(0.5, 1);
        this.container.addChild(text);
        this.texts.set(key, text);
      }
      text.position.set(label.x, label.y);
      text.scale.set(label.fontPx / LABEL_FONT_PX);
      text.visible = true;
    }
    if (this.texts.size > TEXT_CACHE)
      for (const [key, text] of this.texts)
        if (!text.visible) {
          text.destroy();
          this.texts.delete(key);
        }
  }

  private nameList(): readonly string[] {
    this.names ??= this.joinedNames ? this.joinedNames.split('\n') : [];
    return this.names;
  }

  private report(planned: PlannedLabel[]): void {
    const key = planned.map((label) => `${label.kind}${label.index}@${label.x},${label.y}`).join(';');
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.changed = true;
    this.shown = planned.map(({ kind, text, x, y, fontPx }) => ({ kind, text, x, y, fontPx }));
  }

  destroy(): void {
    this.container.destroy({ children: true });
  }
}
