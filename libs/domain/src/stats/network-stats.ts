import { FUNCTION_CATEGORIES, type FunctionCategory, type PositionInfo } from '@warmpath/contracts';
import { positionInfo } from '../position/function-category.js';
import { type DegreeCounts, effectiveDegree } from '../search/filter-network.js';
import { topCompanies } from '../search/search-connections.js';

export interface StatsConnection {
  isUser: boolean;
  isTeammate?: boolean;
  connectionDegree: number;
  company: string | null;
  position: string | null;
  connectedOn: string | null;
  positionInfo?: PositionInfo;
}

/**
 * Seniority bands of the legend (docs/product.md#seniority: junior small, manager/director medium,
 * executive large).
 */
export interface SeniorityCounts {
  /** 1-3 */
  junior: number;
  /** 4-5 */
  mid: number;
  /** 6-7 */
  managerDirector: number;
  /** 8-10 */
  executive: number;
}

export interface NetworkStats {
  total: number;
  byDegree: DegreeCounts;
  topCompanies: { name: string; count: number }[];
  byCategory: Record<FunctionCategory, number>;
  bySeniority: SeniorityCounts;
  /** Connections made per year ("Connected On"), oldest year first; unknown dates left out. */
  perYear: { year: number; count: number }[];
}

export const STATS_TOP_COMPANIES = 10;

const DEGREE_KEYS = { 1: 'first', 2: 'second', 3: 'third' } as const;

/** Figures of a network for the analysis panel; your own node is not counted. */
export function computeNetworkStats(connections: readonly StatsConnection[]): NetworkStats {
  const people = connections.filter((connection) => !connection.isUser);
  const byDegree: DegreeCounts = { first: 0, second: 0, third: 0 };
  const byCategory = Object.fromEntries(FUNCTION_CATEGORIES.map((c) => [c, 0])) as Record<
    FunctionCategory,
    number
  >;
  const bySeniority: SeniorityCounts = { junior: 0, mid: 0, managerDirector: 0, executive: 0 };
  const years = new Map<number, number>();
  for (const person of people) {
    byDegree[DEGREE_KEYS[effectiveDegree(person)]] += 1;
    const info = person.positionInfo ?? positionInfo(person.position);
    byCategory[info.category] += 1;
    bySeniority[seniorityBand(info.seniority)] += 1;
    const year = person.connectedOn ? Number(person.connectedOn.slice(0, 4)) : NaN;
    if (Number.isInteger(year)) years.set(year, (years.get(year) ?? 0) + 1);
  }
  return {
    total: people.length,
    byDegree,
    topCompanies: topCompanies(
      people.map((p) => ({ company: p.company, isUser: false })),
      STATS_TOP_COMPANIES,
    ).map(({ name, count }) => ({ name, count })),
    byCategory,
    bySeniority,
    perYear: [...years.entries()].sort((a, b) => a[0] - b[0]).map(([year, count]) => ({ year, count })),
  };
}

export function seniorityBand(seniority: number): keyof SeniorityCounts {
  if (seniority >= 8) return 'executive';
  if (seniority >= 6) return 'managerDirector';
  return seniority >= 4 ? 'mid' : 'junior';
}
