import { type CompanySummary } from '@warmpath/contracts';
import { groupByCompany } from '../company/group-by-company.js';
import { fullName } from '../people/display-name.js';

export interface SearchableConnection {
  firstName: string;
  lastName: string;
  company: string | null;
  position: string | null;
}

const contains = (field: string | null, query: string): boolean =>
  !!field && field.toLowerCase().includes(query);

/**
 * Dashboard search (docs/product.md#search): the lower-cased query as a substring of the first name,
 * last name, company or position. Surrounding spaces are ignored; an empty query matches all.
 */
export function matchesDashboardSearch(connection: SearchableConnection, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const { firstName, lastName, company, position } = connection;
  return contains(firstName, q) || contains(lastName, q) || contains(company, q) || contains(position, q);
}

/**
 * Table search (docs/product.md#search): case-insensitive substring of the full name, company or
 * position.
 */
export function matchesTableSearch(connection: SearchableConnection, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    contains(fullName(connection), q) || contains(connection.company, q) || contains(connection.position, q)
  );
}

export const TOP_COMPANIES_DEFAULT = 6;

/**
 * The companies with the most connections (docs/product.md#search: 6 by default), spellings of one
 * company counted together; your own node and empty companies left out; ties by name.
 */
export function topCompanies(
  connections: readonly { company: string | null; isUser: boolean }[],
  n = TOP_COMPANIES_DEFAULT,
): CompanySummary[] {
  const groups = groupByCompany(
    connections.filter((connection) => !connection.isUser),
    (connection) => connection.company,
  );
  return [...groups.values()]
    .map((group) => ({ name: group.name, key: group.key, count: group.members.length }))
    .sort(compareCompanies)
    .slice(0, Math.max(0, n));
}

/** topCompanies' order: most people first, ties by name. */
export function compareCompanies(a: CompanySummary, b: CompanySummary): number {
  return b.count - a.count || compareNames(a.name, b.name);
}

/** Case-insensitive, then exact, so the order never depends on the machine's locale. */
function compareNames(a: string, b: string): number {
  const [la, lb] = [a.toLowerCase(), b.toLowerCase()];
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
