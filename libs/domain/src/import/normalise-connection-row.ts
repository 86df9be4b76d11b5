import { companyKey } from '../company/company-key.js';
import { computeYearsConnected, parseConnectedOn } from './connected-on.js';
import { CONNECTION_FIELDS, type ConnectionColumns, type ConnectionField } from './find-header-row.js';
import { normaliseProfileUrl } from './normalise-profile-url.js';

export interface NormalisedConnection {
  firstName: string;
  lastName: string;
  email: string | null;
  /** Canonical profile URL (see normaliseProfileUrl). */
  linkedinUrl: string | null;
  company: string | null;
  companyKey: string | null;
  position: string | null;
  /** yyyy-mm-dd */
  connectedOn: string | null;
  yearsConnected: number | null;
  industry: string | null;
  location: string | null;
  /** Identity of the person across imports; see connectionMatchKey. */
  matchKey: string;
}

export interface SkippedRow {
  /** 1-based line of the file, as users see it in an editor. */
  line: number;
  reason: string;
}

/** A row imported, a row reported and skipped, or an empty row skipped without a word. */
export type NormaliseRowResult =
  | { ok: true; row: NormalisedConnection }
  | { ok: false; empty: false; skip: SkippedRow }
  | { ok: false; empty: true };

type TextField = Exclude<ConnectionField, 'connectedOn'>;

/** Longest value kept per field; longer means the file is not what it claims to be. */
export const FIELD_LIMITS: Record<TextField, number> = {
  firstName: 100,
  lastName: 100,
  company: 200,
  position: 300,
  email: 320,
  url: 500,
  industry: 200,
  location: 200,
};

const LIMITED_FIELDS = Object.keys(FIELD_LIMITS) as TextField[];

const FIELD_LABELS: Record<TextField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company',
  position: 'Position',
  email: 'Email address',
  url: 'Profile URL',
  industry: 'Industry',
  location: 'Location',
};

/**
 * One data row of a connections file, by the rules of DECISIONS.md "Import". Cells are plain
 * text: "=cmd()" or "<b>" are kept literally (escaping is the job of whoever renders or exports
 * them). Only NUL characters are dropped, because Postgres text cannot hold them.
 */
export function normaliseConnectionRow(
  cells: readonly string[],
  columns: ConnectionColumns,
  lineNumber: number,
  now: Date,
): NormaliseRowResult {
  if (cells.every((cell) => cell.trim() === '')) return { ok: false, empty: true };
  const fields = readFields(cells, columns);
  const skip = (reason: string): NormaliseRowResult => ({
    ok: false,
    empty: false,
    skip: { line: lineNumber, reason },
  });
  const tooLong = LIMITED_FIELDS.find((field) => fields[field].length > FIELD_LIMITS[field]);
  if (tooLong) return skip(`${FIELD_LABELS[tooLong]} is longer than ${FIELD_LIMITS[tooLong]} characters`);
  const { firstName, lastName } = fields;
  if (!firstName && !lastName) return skip('Missing first and last name');
  const linkedinUrl = normaliseProfileUrl(fields.url);
  const connectedOn = parseConnectedOn(fields.connectedOn);
  const key = companyKey(fields.company);
  const row: NormalisedConnection = {
    firstName,
    lastName,
    email: fields.email || null,
    linkedinUrl,
    company: fields.company || null,
    companyKey: key,
    position: fields.position || null,
    connectedOn,
    yearsConnected: computeYearsConnected(connectedOn, now),
    industry: fields.industry || null,
    location: fields.location || null,
    matchKey: connectionMatchKey({ firstName, lastName, linkedinUrl, companyKey: key }),
  };
  return { ok: true, row };
}

/** Every field's trimmed text; '' for a column the file lacks or a row too short to reach it. */
function readFields(cells: readonly string[], columns: ConnectionColumns): Record<ConnectionField, string> {
  const fields = {} as Record<ConnectionField, string>;
  for (const field of CONNECTION_FIELDS) {
    const index = columns[field];
    const text = index === undefined ? '' : (cells[index] ?? '');
    fields[field] = (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text).trim();
  }
  return fields;
}

/**
 * How a re-import recognises a person it already has (DECISIONS.md "Import"): by canonical
 * profile URL when there is one (`url:https://www.linkedin.com/in/ana`), else by name and
 * company key (`name:ana silva|acme`), names lower-cased with whitespace collapsed.
 */
export function connectionMatchKey(person: {
  firstName: string;
  lastName: string;
  linkedinUrl: string | null;
  companyKey: string | null;
}): string {
  if (person.linkedinUrl) return `url:${person.linkedinUrl}`;
  const name = `${person.firstName} ${person.lastName}`.trim().replace(/\s+/g, ' ').toLowerCase();
  return `name:${name}|${person.companyKey ?? ''}`;
}
