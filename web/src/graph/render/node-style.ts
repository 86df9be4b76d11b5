import type { Connection } from '@warmpath/contracts';
import { GRAPH } from '../constants';

/** The colour categories of docs/product.md#graph-and-table, in the legend's order. */
export type NodeCategory =
  'you' | 'teammate' | 'first' | 'second' | 'third' | 'pastColleague' | 'executive' | 'selectedCompany';

/** 0xRRGGBB colours, chosen for the dark theme the product forces on. */
export const NODE_COLORS: Readonly<Record<NodeCategory, number>> = {
  you: 0xf59e0b,
  teammate: 0xec4899,
  first: 0x3b82f6,
  second: 0x14b8a6,
  third: 0x8b5cf6,
  pastColleague: 0xf97316,
  executive: 0xef4444,
  selectedCompany: 0x22c55e,
};
export const HIGHLIGHT_COLOR = 0xfde047;
export const BACKGROUND_COLOR = 0x0b1120;

/**
 * What a legend shows; the app renders it, the engine owns the meaning. `isPooled` entries only
 * occur in a workspace's pooled network.
 */
export const LEGEND: readonly { category: NodeCategory; label: string; color: number; isPooled?: boolean }[] =
  [
    { category: 'you', label: 'You', color: NODE_COLORS.you },
    { category: 'teammate', label: 'Teammate', color: NODE_COLORS.teammate, isPooled: true },
    { category: 'first', label: '1st degree', color: NODE_COLORS.first },
    { category: 'second', label: '2nd degree', color: NODE_COLORS.second },
    { category: 'third', label: '3rd degree', color: NODE_COLORS.third },
    { category: 'pastColleague', label: 'Past colleague', color: NODE_COLORS.pastColleague },
    { category: 'executive', label: 'Executive / leadership', color: NODE_COLORS.executive },
    { category: 'selectedCompany', label: 'Selected company', color: NODE_COLORS.selectedCompany },
  ];

/** Seniority scores are whole numbers 1..10: their sizes are computed once. */
const SIZE_BY_SCORE = Array.from({ length: 11 }, (_, score) => 2 + Math.pow(score, 1.3));

/**
 * Legend sizes (docs/product.md#seniority): junior small, manager/director medium, executive large,
 * as seniority scores.
 */
export const LEGEND_SIZES = [
  { label: 'Junior', size: nodeSizeForSeniority(2) },
  { label: 'Manager / director', size: nodeSizeForSeniority(6.5) },
  { label: 'Executive', size: nodeSizeForSeniority(9.5) },
] as const;

export function nodeSizeForSeniority(seniority: number): number {
  return Number.isInteger(seniority) && seniority >= 0 && seniority <= 10
    ? SIZE_BY_SCORE[seniority]
    : 2 + Math.pow(seniority, 1.3);
}

/** docs/product.md#seniority: YOU 8 (a teammate in a workspace too); 2 + seniority^1.3 when known; else 4. */
export function nodeSize(
  person: Pick<Connection, 'isUser'> & { isTeammate?: boolean; positionInfo?: { seniority?: number } | null },
): number {
  if (person.isUser || person.isTeammate) return GRAPH.youSize;
  const seniority = person.positionInfo?.seniority;
  return typeof seniority === 'number' && Number.isFinite(seniority)
    ? nodeSizeForSeniority(seniority)
    : GRAPH.defaultSize;
}

/** Sizes are areas, as in force-graph: the radius grows with the square root. World units. */
export function nodeRadius(size: number): number {
  return Math.sqrt(size) * GRAPH.nodeRelSize;
}

type Styled = Pick<Connection, 'isUser' | 'hasWorkedWith' | 'connectionDegree'> & {
  isTeammate?: boolean;
  positionInfo?: { category?: string } | null;
};

/**
 * One category per node. The most specific fact wins: you, then the company the user is
 * looking at, then a shared past, then leadership, then the degree (3 and above count as 3rd).
 */
export function nodeCategory(person: Styled, isInSelectedCompany: boolean): NodeCategory {
  if (person.isUser) return 'you';
  // A member of the workspace is a person of the team, whatever their job.
  if (person.isTeammate) return 'teammate';
  if (isInSelectedCompany) return 'selectedCompany';
  if (person.hasWorkedWith) return 'pastColleague';
  if (person.positionInfo?.category === 'executive') return 'executive';
  if (person.connectionDegree <= 1) return 'first';
  return person.connectionDegree === 2 ? 'second' : 'third';
}

/** Packs 0xRRGGBB and an alpha 0..1 into the little-endian RGBA bytes the shaders read. */
export function packRgba(color: number, alpha = 1): number {
  const r = (color >> 16) & 0xff;
  const g = (color >> 8) & 0xff;
  const b = color & 0xff;
  const a = Math.round(alpha * 255);
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}
