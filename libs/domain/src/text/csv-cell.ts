// CSV cells for exports a spreadsheet opens (the network's people, a target list's ways in):
// RFC 4180 quoting, and cells that would run as formulas made inert (docs/targets.md#export).

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"):
 * = + - @, and tab or carriage return, which some programs strip before looking.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Makes a cell inert text: a leading apostrophe tells the spreadsheet "this is text, not a formula". */
export function escapeFormula(value: string): string {
  return value.length > 0 && FORMULA_TRIGGERS.has(value[0] as string) ? `'${value}` : value;
}

/** One RFC 4180 field: escaped against formulas, then quoted when it holds a separator, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : escapeFormula(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole CSV document: CRLF line ends (RFC 4180) and a byte-order mark so spreadsheet programs
 * read the accents right.
 */
export function csvDocument(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
