import { BitmapText, Container, Graphics } from 'pixi.js';
import { worldToScreen, type CameraState, type Viewport } from '../camera/camera-math';
import type { RenderGraph } from './render-protocol';
import { NODE_COLORS } from './node-style';

const LABEL_STYLE = { fontFamily: 'Arial, Helvetica, sans-serif', fontSize: 11, fill: 0xe2e8f0 } as const;
const CELL = 16;
/** Width per character and height of an 11 px label, to place it before its text exists. */
const CHAR_WIDTH = 6.2;
const LABEL_HEIGHT = 13;

interface CompanyLabel {
  content: string;
  /** Created the first time the label finds room: a 30,000-person graph has 500+ labels, few shown. */
  text: BitmapText | null;
  /** The company's most senior person carries the label (product-spec §4: "on a node"). */
  node: number;
}

/**
 * Screen-space text: company labels with counts and the YOU badge. A label is placed only if
 * it does not overlap a bigger company's label (greedy, on a coarse occupancy grid), so a
 * 30,000-person view shows the big names instead of a grey smear.
 */
export class LabelLayer {
  readonly container = new Container();
  private labels: CompanyLabel[] = [];
  private readonly badge = new Container();
  private youIndex = -1;
  private occupied = new Uint8Array(0);

  constructor() {
    const pill = new Graphics().roundRect(-16, 0, 32, 15, 7).fill({ color: NODE_COLORS.you });
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
    for (const label of this.labels) label.text?.destroy();
    this.labels = graph.labels.map(({ text, node }) => ({ content: text, text: null, node }));
    this.youIndex = graph.youIndex;
  }

  /** Places the badge and the labels that fit; `radii` in world units by node index. */
  update(positions: Float32Array, radii: Float32Array, camera: CameraState, viewport: Viewport): void {
    const cols = Math.ceil(viewport.width / CELL) + 1;
    const rows = Math.ceil(viewport.height / CELL) + 1;
    if (this.occupied.length < cols * rows) this.occupied = new Uint8Array(cols * rows);
    this.occupied.fill(0, 0, cols * rows);
    const place = (x0: number, y0: number, x1: number, y1: number): boolean =>
      this.claim(x0, y0, x1, y1, cols, rows);
    this.badge.visible = false;
    if (this.youIndex >= 0) {
      const [x, y] = this.anchor(this.youIndex, positions, radii, camera, viewport, 1);
      this.badge.position.set(x, y + 3);
      this.badge.visible = place(x - 16, y + 3, x + 16, y + 18);
    }
    for (const label of this.labels) {
      const [x, y] = this.anchor(label.node, positions, radii, camera, viewport, -1);
      const halfWidth = (label.text?.width ?? label.content.length * CHAR_WIDTH) / 2;
      const isShown = place(x - halfWidth, y - 2 - LABEL_HEIGHT, x + halfWidth, y - 2);
      if (isShown) label.text ??= this.createText(label.content);
      if (!label.text) continue;
      label.text.position.set(x, y - 2);
      label.text.visible = isShown;
    }
  }

  destroy(): void {
    this.container.destroy({ children: true });
  }

  private createText(content: string): BitmapText {
    const text = new BitmapText({ text: content, style: LABEL_STYLE });
    text.anchor.set(0.5, 1);
    this.container.addChild(text);
    return text;
  }

  /** Screen point just above (side -1) or below (side 1) a node's disc. */
  private anchor(
    node: number,
    positions: Float32Array,
    radii: Float32Array,
    camera: CameraState,
    viewport: Viewport,
    side: number,
  ): [number, number] {
    const [x, y] = worldToScreen(camera, viewport, positions[node * 2], positions[node * 2 + 1]);
    return [Math.round(x), Math.round(y + side * Math.max(radii[node] * camera.zoom, 1.2))];
  }

  /** Marks the cells of a screen rectangle if all are free and on screen; false otherwise. */
  private claim(x0: number, y0: number, x1: number, y1: number, cols: number, rows: number): boolean {
    const c0 = Math.floor(x0 / CELL);
    const c1 = Math.floor(x1 / CELL);
    const r0 = Math.floor(y0 / CELL);
    const r1 = Math.floor(y1 / CELL);
    if (!Number.isFinite(x0 + y0 + x1 + y1) || c0 < 0 || r0 < 0 || c1 >= cols || r1 >= rows) return false;
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) if (this.occupied[r * cols + c]) return false;
    for (let r = r0; r <= r1; r++) this.occupied.fill(1, r * cols + c0, r * cols + c1 + 1);
    return true;
  }
}
