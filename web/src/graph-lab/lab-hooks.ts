import type { LayoutName } from '../graph/types';

export type LabEngine = 'warmpath' | 'force-graph';

/** What tests and the benchmark read from and drive in the lab page (window.__graphLab). */
export interface GraphLabHooks {
  engine: LabEngine;
  nodes: number;
  links: number;
  generateMs: number;
  /** performance.now() right before the engine was created with the data. */
  t0: number;
  firstFrameAt: number | null;
  settledAt: number | null;
  longTasks: { start: number; duration: number }[];
  hovered: { id: string; x: number; y: number } | null;
  clicks: string[];
  captions: (string | null)[];
  /** Main-thread ms the renderer spent in each frame since `since`. */
  rendererFrames(since: number): { at: number; ms: number }[];
  /** Frames drawn by the render worker since `since` and its ms for each (empty for the peer). */
  workerFrames(since: number): { at: number; ms: number }[];
  nodeScreenPosition(id: string): { x: number; y: number } | null;
  nodeIds(): string[];
  /** The person's company (null without one or for YOU). */
  companyOf(id: string): string | null;
  /** The labels drawn now (empty for the peer). */
  labels(): { kind: string; text: string; x: number; y: number; fontPx: number }[];
  /** Centres the view on a person at `zoom`, at once. */
  centerOn(id: string, zoom: number): void;
  personName(id: string): string | null;
  /** Fits the view at once (no flight), for a still picture. */
  fitNow(): void;
  highlight(nodeIds: string[], linkIds: string[]): void;
  startGuidedTour(): void;
  stopTour(): void;
  setLayout(layout: LayoutName): void;
  exportPngBytes(): Promise<number>;
}

declare global {
  interface Window {
    __graphLab?: GraphLabHooks;
  }
}

/** Long tasks of the whole page, from load on; the benchmark keeps those after t0. */
export function observeLongTasks(): { start: number; duration: number }[] {
  const tasks: { start: number; duration: number }[] = [];
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('longtask')
  )
    return tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  return tasks;
}
