import { companyKey } from '../company/company-key.js';
import { computeYearsConnected, parseConnectedOn } from './connected-on.js';
import type { ImportWarningKind, RowWarning } from '@warmpath/contracts';
import {
  CONNECTION_FIELDS,
  type ConnectionColumns,
  type ConnectionField,
  type HeaderRow,
} from './find-header-row.js';
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

/**
 * A row imported (with `warnings` about what was left out or repaired, absent when none), a row
 * reported and skipped, or an empty row skipped without a word.
 */
export type NormaliseRowResult =
  | { ok: true; row: NormalisedConnection; warnings?: RowWarning[] }
  | { ok: false; empty: false; skip: SkippedRow }
  | { ok: false; empty: true };

const EMPTY_ROW: NormaliseRowResult = { ok: false, empty: true };

export const ROW_REASONS = {
  nul: 'Contains NUL characters (the file may be damaged), so its values cannot be trusted',
  shifted: (values: number, columns: number): string =>
    `Has ${values} values but the header has ${columns} columns (probably a comma in a value without quotes, such as "Acme, Inc."), so its values cannot be matched to the columns`,
} as const;

export const WARNING_MESSAGES: Record<ImportWarningKind, string> = {
  'invalid-email': 'The value in the e-mail column is not an e-mail address and was left out',
  'extra-empty-fields': 'Empty values after the last column were ignored',
};

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
 * One data row of a connections file, by the rules of docs/product.md#imports (docs/import.md "Row
 * accounting"). Cells are plain text: "=cmd()" or "<b>" are kept literally (escaping is the job of
 * whoever renders or exports them); only the e-mail column must hold an e-mail address. A row
 * holding NUL characters or more values than the header has columns is skipped, never stored
 * with values in the wrong columns. Runs on every row: plain loops, no regular expressions.
 */
export function normaliseConnectionRow(
  cells: readonly string[],
  header: Pick<HeaderRow, 'columns' | 'width'>,
  lineNumber: number,
  now: Date,
): NormaliseRowResult {
  if (cells.every((cell) => cell.trim() === '')) return EMPTY_ROW;
  const skip = (reason: string): NormaliseRowResult => ({
    ok: false,
    empty: false,
    skip: { line: lineNumber, reason },
  });
  // Postgres text cannot hold NUL, and a value with NULs in it is damaged, not text to tidy up.
  if (cells.some((cell) => cell.includes('\u0000')))
    return isNulOrBlank(cells) ? EMPTY_ROW : skip(ROW_REASONS.nul);
  let warnings: RowWarning[] | undefined;
  const warn = (kind: ImportWarningKind): void => {
    (warnings ??= []).push({ line: lineNumber, kind, message: WARNING_MESSAGES[kind] });
  };
  if (cells.length > header.width.named) {
    const extra = checkExtraValues(cells, header);
    if (extra === 'shifted') return skip(ROW_REASONS.shifted(valueCount(cells), header.width.named));
    if (extra === 'repaired') warn('extra-empty-fields');
  }
  const fields = readFields(cells, header.columns);
  const tooLong = LIMITED_FIELDS.find((field) => fields[field].length > FIELD_LIMITS[field]);
  if (tooLong) return skip(`${FIELD_LABELS[tooLong]} is longer than ${FIELD_LIMITS[tooLong]} characters`);
  const { firstName, lastName } = fields;
  if (!firstName && !lastName) return skip('Missing first and last name');
  const email = fields.email && isEmailAddress(fields.email) ? fields.email : null;
  if (fields.email && !email) warn('invalid-email');
  const linkedinUrl = normaliseProfileUrl(fields.url);
  const connectedOn = parseConnectedOn(fields.connectedOn);
  const key = companyKey(fields.company);
  const row: NormalisedConnection = {
    firstName,
    lastName,
    email,
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
  return warnings ? { ok: true, row, warnings } : { ok: true, row };
}

/** Every field's trimmed text; '' for a column the file lacks or a row too short to reach it. */
function readFields(cells: readonly string[], columns: ConnectionColumns): Record<ConnectionField, string> {
  const fields = {} as Record<ConnectionField, string>;
  for (const field of CONNECTION_FIELDS) {
    const index = columns[field];
    fields[field] = (index === undefined ? '' : (cells[index] ?? '')).trim();
  }
  return fields;
}

/** The tail of a truncated download: NUL bytes (and blanks), nothing else. */
function isNulOrBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.replaceAll('\u0000', '').trim() === '');
}

/** Values up to the last one that is not blank. */
function valueCount(cells: readonly string[]): number {
  let count = cells.length;
  while (count > 0 && (cells[count - 1] as string).trim() === '') count--;
  return count;
}

/**
 * A row with more values than the header names columns. An unquoted comma splits a value in two
 * and pushes every later value one column right: such a row is 'shifted' and never stored. The
 * one repair that is provably right: the extra values are all empty, and the header's last named
 * column is "Connected On" holding a date. A split anywhere before it would have pushed the date
 * out of its column, so every value sits in its own column and the empty ones after it carry
 * nothing ('repaired'). Without that anchor, "Acme, Inc.,," (no position, no date) looks exactly
 * like a row with a trailing comma, and is skipped.
 */
function checkExtraValues(
  cells: readonly string[],
  { columns, width }: Pick<HeaderRow, 'columns' | 'width'>,
): 'fine' | 'repaired' | 'shifted' {
  for (let i = width.named; i < cells.length; i++) if ((cells[i] as string).trim() !== '') return 'shifted';
  // Blank values under the header's own blank columns (a spreadsheet's padding) are not extra.
  if (cells.length <= width.cells) return 'fine';
  const date = columns.connectedOn;
  const anchored = date === width.named - 1 && parseConnectedOn((cells[date] as string).trim()) !== null;
  return anchored ? 'repaired' : 'shifted';
}

const DOT = 0x2e;

/**
 * A plausible e-mail address: one "@" with text before it, a domain with a dot inside it, no
 * spaces, quotes, brackets, commas or control characters, and no leading "=" or "+" (a
 * spreadsheet formula). Not RFC 5322: what LinkedIn exports, checked in one pass.
 */
export function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const first = value.charCodeAt(0);
  if (first === 0x3d || first === 0x2b) return false;
  const dot = value.lastIndexOf('.');
  if (dot < at + 2 || dot === value.length - 1 || value.charCodeAt(at + 1) === DOT) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f || FORBIDDEN_IN_EMAIL.has(c)) return false;
  }
  return true;
}

// " ( ) , : ; < > [ \ ]
const FORBIDDEN_IN_EMAIL = new Set([0x22, 0x28, 0x29, 0x2c, 0x3a, 0x3b, 0x3c, 0x3e, 0x5b, 0x5c, 0x5d]);

/**
 * How a re-import recognises a person it already has (docs/product.md#imports): by canonical
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
