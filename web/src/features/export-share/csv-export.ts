import type { Connection } from '@warmpath/contracts';
import { degreeLabel } from '../network';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"):
 * = + - @, and tab or carriage return, which some programs strip before looking.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Makes a cell inert text: a leading apostrophe tells the spreadsheet "this is text, not a formula". */
export function escapeFormula(value: string): string {
  return value.length > 0 && FORMULA_TRIGGERS.has(value[0]) ? `'${value}` : value;
}

/** One RFC 4180 field: escaped against formulas, then quoted when it holds a separator, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : escapeFormula(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

interface Column {
  title: string;
  value: (connection: Connection) => string | number | null;
}

const COLUMNS: readonly Column[] = [
  { title: 'First Name', value: (c) => c.firstName },
  { title: 'Last Name', value: (c) => c.lastName },
  { title: 'Company', value: (c) => c.company },
  { title: 'Position', value: (c) => c.position },
  { title: 'Email Address', value: (c) => c.email },
  { title: 'URL', value: (c) => c.linkedinUrl },
  { title: 'Connection Degree', value: (c) => degreeLabel(c) },
  { title: 'Years Connected', value: (c) => c.yearsConnected },
  { title: 'Connected On', value: (c) => c.connectedOn },
  { title: 'Industry', value: (c) => c.industry },
  { title: 'Location', value: (c) => c.location },
  { title: 'Notes', value: (c) => c.notes },
];

/**
 * The people of the current (filtered) view as CSV: your own node left out, CRLF line ends
 * (RFC 4180) and a byte-order mark so spreadsheet programs read the accents right.
 */
export function connectionsToCsv(connections: readonly Connection[]): string {
  const lines = [COLUMNS.map((column) => csvCell(column.title)).join(',')];
  for (const connection of connections) {
    if (connection.isUser) continue;
    lines.push(COLUMNS.map((column) => csvCell(column.value(connection))).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
