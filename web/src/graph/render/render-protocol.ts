import type { CameraState, Viewport } from '../camera/camera-math';

/** A label on screen: its text, kind and where its text's bottom centre is (CSS px). */
export interface ShownLabel {
  kind: 'company' | 'person';
  text: string;
  x: number;
  y: number;
  fontPx: number;
}

/** What the render worker needs of a graph: indices, sizes, colours and label texts only. */
export interface RenderGraph {
  nodeCount: number;
  anchorIndex: number;
  linkSources: Uint32Array;
  linkTargets: Uint32Array;
  linkKinds: Uint8Array;
  /** One byte per link: its weight (encodeLinkWeight), 0 for none. */
  linkWeights: Uint8Array;
  radii: Float32Array;
  colors: Uint32Array;
  positions: Float32Array;
  /** Companies with a label (docs/product.md#graph-and-table: 8 or more people), biggest first. */
  companies: { text: string; size: number }[];
  /** Index into `companies` by node, -1 for people of no labelled company. */
  groupOfNode: Int32Array;
  /** People's names by node, one per line (one string is far cheaper to post than 100,000). */
  names: string;
}

export type ToRenderer =
  | { type: 'init'; canvas: OffscreenCanvas; viewport: Viewport; resolution: number }
  | { type: 'graph'; graph: RenderGraph }
  | { type: 'positions'; buffer: Float32Array }
  | { type: 'camera'; camera: CameraState }
  | { type: 'colors'; colors: Uint32Array }
  | { type: 'flags'; flags: Uint8Array }
  | { type: 'hover'; node: number }
  | { type: 'highlightLinks'; links: Uint32Array }
  | { type: 'resize'; viewport: Viewport; resolution: number }
  | { type: 'export'; id: number };

export type FromRenderer =
  | { type: 'ready' }
  /** A frame was drawn: when (ms since the page's time origin) and the worker's ms for it. */
  | { type: 'frame'; at: number; ms: number; kind: number }
  /** The first frame of a new graph has been handed to the compositor (page-clock ms + timeOrigin). */
  | { type: 'presented'; at: number }
  /** The positions buffer comes back once its contents are on the GPU. */
  | { type: 'positions'; buffer: Float32Array }
  | { type: 'exported'; id: number; blob: Blob | null }
  /** The labels drawn now, sent when they change (tests and assistive text read them). */
  | { type: 'labels'; labels: ShownLabel[] }
  | { type: 'failed'; message: string };
