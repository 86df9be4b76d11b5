import type { StagedRow } from './network-import.schema.js';

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in PostgreSQL's COPY text format: \N for null; backslash, tab and line breaks escaped. */
export function copyValue(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  // Fast path: most names and titles need no escaping at all.
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (char) => ESCAPES[char] as string);
}

/** One row of COPY text (tab-separated, newline-terminated). */
export function copyLine(values: readonly (string | number | boolean | null)[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += '\t';
    line += copyValue(values[i] as string | number | boolean | null);
  }
  return `${line}\n`;
}

/** A staging batch as COPY text (network.import.stage sends it as UTF-8 bytes). */
export function encodeStagedRows(rows: readonly StagedRow[]): string {
  let text = '';
  for (const row of rows) text += copyLine(row);
  return text;
}
