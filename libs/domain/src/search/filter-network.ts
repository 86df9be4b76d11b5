import { companyKey } from '../company/company-key.js';
import { type MessageFacts, talkedRecently } from '../warmth/recent-ties.js';

export interface DegreeToggles {
  firstDegree: boolean;
  secondDegree: boolean;
  thirdDegree: boolean;
}

/** The node-visibility filters of docs/product.md#visibility-filters plus industry and location. */
export interface NetworkFilters {
  connectionTypes: DegreeToggles;
  /** Inclusive [min, max]; a max of YEARS_RANGE_MAX means "and more". */
  yearsOfConnectionRange: readonly [number, number];
  /** Company names; matched by company key, so spellings of one company all match. */
  selectedCompanies: readonly string[];
  /** Keep only the people this user knows (a workspace member), plus your own node. */
  filteredByUserId: number | null;
  /** null = all */
  industry: string | null;
  /** null = all */
  location: string | null;
  /** Keep only the people you talked with in the last 12 months (docs/warmth.md#talked-in-the-last-12-months). */
  talkedRecently: boolean;
}

export const YEARS_RANGE_MIN = 0;
export const YEARS_RANGE_MAX = 20;

export const DEFAULT_FILTERS: NetworkFilters = {
  connectionTypes: { firstDegree: true, secondDegree: true, thirdDegree: true },
  yearsOfConnectionRange: [YEARS_RANGE_MIN, YEARS_RANGE_MAX],
  selectedCompanies: [],
  filteredByUserId: null,
  industry: null,
  location: null,
  talkedRecently: false,
};

export interface FilterableConnection {
  id: string;
  userId: number;
  isUser: boolean;
  isTeammate?: boolean;
  connectionDegree: number;
  yearsConnected: number | null;
  company: string | null;
  industry: string | null;
  location: string | null;
  knownBy: readonly number[];
  /** The archive's message counts and last day, when the archive mentions the person. */
  signals?: MessageFacts;
}

export interface FilterableLink {
  sourceId: string;
  targetId: string;
}

export interface DegreeCounts {
  first: number;
  second: number;
  third: number;
}

export type Degree = 1 | 2 | 3;

/** The degree a node counts as: a teammate's own node is second, 3 and above is third. */
export function effectiveDegree(
  connection: Pick<FilterableConnection, 'isTeammate' | 'connectionDegree'>,
): Degree {
  if (connection.isTeammate) return 2;
  if (connection.connectionDegree >= 3) return 3;
  return connection.connectionDegree === 2 ? 2 : 1;
}

export interface FilteredNetwork<C, R> {
  connections: C[];
  relationships: R[];
  /**
   * Per degree, how many people pass every filter except the degree toggles: the number a
   * toggle shows is what turning it on gives, so it stays real while the toggle is off.
   */
  degreeCounts: DegreeCounts;
}

const COUNT_KEYS = { 1: 'first', 2: 'second', 3: 'third' } as const satisfies Record<
  Degree,
  keyof DegreeCounts
>;

/**
 * Node visibility (docs/product.md#visibility-filters): your own node always shows; others need
 * their degree on, a years-connected value inside the range (when known), a selected company (when
 * any are selected), the chosen member among those who know them, and the chosen industry and
 * location, and with "talked in the last 12 months" on, a message either way in the 365 days
 * before `today`. Links stay only when both ends show. One pass over each list, Set lookups only.
 */
export function filterNetwork<C extends FilterableConnection, R extends FilterableLink>(
  data: { connections: readonly C[]; relationships: readonly R[] },
  filters: NetworkFilters,
  today: Date = new Date(),
): FilteredNetwork<C, R> {
  const passes = attributeFilter(filters, today);
  const toggles = filters.connectionTypes;
  const isOn: Record<Degree, boolean> = {
    1: toggles.firstDegree,
    2: toggles.secondDegree,
    3: toggles.thirdDegree,
  };
  const degreeCounts: DegreeCounts = { first: 0, second: 0, third: 0 };
  const connections: C[] = [];
  const visible = new Set<string>();
  for (const connection of data.connections) {
    if (!connection.isUser) {
      if (!passes(connection)) continue;
      const degree = effectiveDegree(connection);
      degreeCounts[COUNT_KEYS[degree]] += 1;
      if (!isOn[degree]) continue;
    }
    connections.push(connection);
    visible.add(connection.id);
  }
  const relationships = data.relationships.filter(
    (link) => visible.has(link.sourceId) && visible.has(link.targetId),
  );
  return { connections, relationships, degreeCounts };
}

const fold = (value: string | null): string | null => value?.trim().toLowerCase() || null;

/** Every filter but the degree toggles, prepared once for the whole list. */
function attributeFilter(
  filters: NetworkFilters,
  today: Date,
): (connection: FilterableConnection) => boolean {
  const [min, max] = filters.yearsOfConnectionRange;
  // docs/product.md#visibility-filters: the inputs stop at 20, but people connected since
  // LinkedIn's early days (over 20 years) must not vanish from the default view.
  const upper = max >= YEARS_RANGE_MAX ? Infinity : max;
  const companies = new Set(filters.selectedCompanies.map(companyKey).filter((key) => key !== null));
  const keys = new Map<string, string | null>();
  const keyOf = (company: string): string | null => {
    if (!keys.has(company)) keys.set(company, companyKey(company));
    return keys.get(company) ?? null;
  };
  const { filteredByUserId: userId } = filters;
  const industry = fold(filters.industry);
  const location = fold(filters.location);
  return (c) => {
    if (c.yearsConnected !== null && (c.yearsConnected < min || c.yearsConnected > upper)) return false;
    if (companies.size > 0 && !companies.has(keyOf(c.company ?? '') ?? '')) return false;
    if (userId !== null && !c.knownBy.includes(userId) && !(c.isTeammate && c.userId === userId))
      return false;
    if (industry !== null && fold(c.industry) !== industry) return false;
    if (filters.talkedRecently && !talkedRecently(c.signals, today)) return false;
    return location === null || fold(c.location) === location;
  };
}
