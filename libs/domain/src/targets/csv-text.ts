import type { SheetRow } from './parse-targets.js';
import { TargetFileError } from './target-file-error.js';

// docs/targets.md#files: a whole CSV text (5 MB at most) read into rows, as fast-csv reads it.

export type CsvDelimiter = ',' | ';' | '\t';
const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;

/**
 * The delimiter of a hand-made CSV: the one of ",", ";" and tab found most often outside quotes
 * in its first non-blank line (the header), commas when none is. Spreadsheets in many locales
 * save "CSV" with semicolons.
 */
export function detectCsvDelimiter(text: string): CsvDelimiter {
  const start = text.search(/\S/);
  if (start === -1) return ',';
  const counts = new Map<string, number>();
  let quoted = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: CsvDelimiter = ',';
  for (const delimiter of DELIMITERS)
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/**
 * RFC 4180 rows of a text: quoted cells with delimiters, doubled quotes and line breaks; LF, CRLF
 * or a lone CR ending a row; spaces around a quoted cell ignored; a quote inside an unquoted cell
 * kept as text. Each row carries the 1-based line it starts on. Throws UNTERMINATED_QUOTE for a
 * quoted cell never closed.
 */
export function parseCsvText(text: string, delimiter: CsvDelimiter = detectCsvDelimiter(text)): SheetRow[] {
  const separator = delimiter.charCodeAt(0);
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let line = 1;
  let rowLine = 1;
  let i = 0;
  let quotedCell = false;
  const length = text.length;
  const endRow = () => {
    // A blank line is an empty row, as fast-csv gives it.
    rows.push({ cells: cells.length === 1 && cells[0] === '' && !quotedCell ? [] : cells, line: rowLine });
    cells = [];
  };
  while (i <= length) {
    // At the start of a cell: skip spaces before a possible opening quote.
    let j = i;
    while (j < length && text.charCodeAt(j) === SPACE) j++;
    quotedCell = j < length && text.charCodeAt(j) === QUOTE;
    if (quotedCell) {
      const opened = line;
      let value = '';
      let k = j + 1;
      for (;;) {
        const close = text.indexOf('"', k);
        if (close === -1) throw TargetFileError.unterminatedQuote(opened);
        value += text.slice(k, close);
        line += countLineBreaks(text, k, close);
        if (text.charCodeAt(close + 1) === QUOTE) {
          value += '"';
          k = close + 2;
        } else {
          k = close + 1;
          break;
        }
      }
      // Spaces after the closing quote; anything else up to the delimiter is kept as text.
      let end = k;
      while (end < length && !isEnd(text.charCodeAt(end), separator)) end++;
      const rest = text.slice(k, end);
      cells.push(rest.trim() === '' ? value : value + rest);
      i = end;
    } else {
      let end = i;
      while (end < length && !isEnd(text.charCodeAt(end), separator)) end++;
      cells.push(text.slice(i, end));
      i = end;
    }
    if (i >= length) {
      endRow();
      break;
    }
    const code = text.charCodeAt(i);
    if (code === separator) {
      i++;
      continue;
    }
    // A line break ends the row (CRLF counts once).
    i += code === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    line++;
    endRow();
    rowLine = line;
    if (i === length) break;
  }
  return rows;
}

const isEnd = (code: number, separator: number): boolean => code === separator || code === LF || code === CR;

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === LF || (code === CR && text.charCodeAt(i + 1) !== LF)) count++;
  }
  return count;
}
