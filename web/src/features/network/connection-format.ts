import type { Connection } from '@warmpath/contracts';
import { effectiveDegree } from '@warmpath/domain';

type Degreed = Pick<Connection, 'isUser' | 'connectionDegree'> & { isTeammate?: boolean; isSource?: boolean };

/** A workspace source's node (an export uploaded for someone, docs/workspace-sources.md). */
export const UPLOADED_EXPORT = 'Uploaded export';

const DEGREE_SHORT = { 1: '1st', 2: '2nd', 3: '3rd+' } as const;

/**
 * '1st', '2nd', '3rd+' (3 and above count as third, docs/product.md#visibility-filters); 'You' for
 * your own node.
 */
export function degreeLabel(connection: Degreed): string {
  if (connection.isUser) return 'You';
  if (connection.isSource) return UPLOADED_EXPORT;
  if (connection.isTeammate) return 'Teammate';
  return DEGREE_SHORT[effectiveDegree(connection)];
}

/** The hover card's connection label: "1st degree connection". */
export function connectionLabel(connection: Degreed): string {
  if (connection.isUser) return 'You';
  if (connection.isSource) return UPLOADED_EXPORT;
  if (connection.isTeammate) return 'Teammate';
  return `${DEGREE_SHORT[effectiveDegree(connection)]} degree connection`;
}

/** docs/product.md#graph-and-table: empty values read 'N/A'. */
export function orNotAvailable(value: string | null | undefined): string {
  return value && value.trim() ? value : 'N/A';
}

export function formatYears(years: number | null | undefined): string {
  if (years === null || years === undefined || !Number.isFinite(years)) return 'N/A';
  return String(Math.round(years * 10) / 10);
}

/** A date in the viewer's locale, or 'N/A' when missing or unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString();
}

/** "Senior Engineer at Acme", "Senior Engineer", "Acme" or ''. */
export function roleLine(connection: Pick<Connection, 'position' | 'company'>): string {
  const position = connection.position?.trim();
  const company = connection.company?.trim();
  if (position && company) return `${position} at ${company}`;
  return position || company || '';
}
