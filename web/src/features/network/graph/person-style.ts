import type { Connection } from '@warmpath/contracts';
import { GRAPH_COLORS } from '../../../graph';

/** The colour categories of docs/product.md#graph-and-table, in the legend's order. */
export type NodeCategory =
  'you' | 'teammate' | 'first' | 'second' | 'third' | 'pastColleague' | 'executive' | 'selectedCompany';

/**
 * 0xRRGGBB colours, chosen for the dark theme the product forces on. YOU, the highlight and the
 * selected company are the engine's own colours (it draws those states).
 */
export const NODE_COLORS: Readonly<Record<NodeCategory, number>> = {
  you: GRAPH_COLORS.anchor,
  teammate: 0xec4899,
  first: 0x3b82f6,
  second: 0x14b8a6,
  third: 0x8b5cf6,
  pastColleague: 0xf97316,
  executive: 0xef4444,
  selectedCompany: GRAPH_COLORS.selectedGroup,
};

/** What the legend shows. `isPooled` entries only occur in a workspace's pooled network. */
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

const YOU_SIZE = 8;
const DEFAULT_SIZE = 4;
/** Seniority scores are whole numbers 1..10: their sizes are computed once. */
const SIZE_BY_SCORE = Array.from({ length: 11 }, (_, score) => 2 + Math.pow(score, 1.3));

export function nodeSizeForSeniority(seniority: number): number {
  return Number.isInteger(seniority) && seniority >= 0 && seniority <= 10
    ? SIZE_BY_SCORE[seniority]
    : 2 + Math.pow(seniority, 1.3);
}

/**
 * Legend sizes (docs/product.md#seniority): junior small, manager/director medium, executive large,
 * as seniority scores.
 */
export const LEGEND_SIZES = [
  { label: 'Junior', size: nodeSizeForSeniority(2) },
  { label: 'Manager / director', size: nodeSizeForSeniority(6.5) },
  { label: 'Executive', size: nodeSizeForSeniority(9.5) },
] as const;

/** docs/product.md#seniority: YOU 8 (a teammate in a workspace too); 2 + seniority^1.3 when known; else 4. */
export function nodeSize(
  person: Pick<Connection, 'isUser'> & { isTeammate?: boolean; positionInfo?: { seniority?: number } | null },
): number {
  if (person.isUser || person.isTeammate) return YOU_SIZE;
  const seniority = person.positionInfo?.seniority;
  return typeof seniority === 'number' && Number.isFinite(seniority)
    ? nodeSizeForSeniority(seniority)
    : DEFAULT_SIZE;
}

type Styled = Pick<Connection, 'isUser' | 'hasWorkedWith' | 'connectionDegree'> & {
  isTeammate?: boolean;
  positionInfo?: { category?: string } | null;
};

/**
 * One category per person. The most specific fact wins: you, then the company the user is
 * looking at (the engine colours that one while it is selected), then a shared past, then
 * leadership, then the degree (3 and above count as 3rd).
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
