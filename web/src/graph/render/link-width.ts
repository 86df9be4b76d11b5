import { GRAPH } from '../constants';
import { decodeLinkWeight, LINK_GROUP, LINK_OTHER } from '../model/graph-model';

/** The widths a layer of links is drawn with, CSS px. */
export interface LinkWidths {
  /** Links without a weight, by kind. */
  group: number;
  other: number;
  /** Links with a weight: `min` at 0, `max` at 1. */
  weighted: { min: number; max: number };
}

/** The graph's links: group links wider than the others, weighted ones by their weight. */
export const LINK_WIDTHS: LinkWidths = {
  group: GRAPH.companyLinkWidth,
  other: GRAPH.otherLinkWidth,
  weighted: GRAPH.weightedLinkWidth,
};

/** Highlighted links (paths, selections): wider, weighted ones still by their weight. */
export const HIGHLIGHT_LINK_WIDTHS: LinkWidths = {
  group: GRAPH.highlightLinkWidth,
  other: GRAPH.highlightLinkWidth,
  weighted: GRAPH.weightedHighlightLinkWidth,
};

/** A link's width in CSS px: its weight's when it has one (weightCode, one byte), else its kind's. */
export function linkWidthPx(widths: LinkWidths, kind: number, weightCode: number): number {
  const weight = decodeLinkWeight(weightCode);
  if (weight === null) return kind === LINK_GROUP ? widths.group : widths.other;
  return widths.weighted.min + (widths.weighted.max - widths.weighted.min) * weight;
}

/**
 * What the link shader reads of a link, in the one float per vertex the kind alone used to take:
 * its width in CSS px, positive for group links and negative for the others (the sign picks the
 * colour). Widths are never 0, so the sign is never lost.
 */
export function linkStyleValue(widths: LinkWidths, kind: number, weightCode: number): number {
  const width = Math.max(linkWidthPx(widths, kind, weightCode), MIN_WIDTH_PX);
  return kind === LINK_GROUP ? width : -width;
}

const MIN_WIDTH_PX = 0.1;

/**
 * linkStyleValue of both kinds and the 256 weight codes, at kind * 256 + code, as Float32 (what
 * the vertex buffer holds): a lookup per link instead of decoding its weight (405,000 links in the
 * render worker's first-frame task: docs/performance.md "The first frame's build").
 */
export function linkStyleTable(widths: LinkWidths): Float32Array {
  const table = new Float32Array(2 * 256);
  for (const kind of [LINK_GROUP, LINK_OTHER])
    for (let code = 0; code < 256; code++) table[kind * 256 + code] = linkStyleValue(widths, kind, code);
  return table;
}
