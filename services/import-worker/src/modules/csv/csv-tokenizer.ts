/**
 * A streaming RFC 4180 tokenizer for connection exports, in place of fast-csv: the parse thread's
 * CPU went mostly to fast-csv's per-character token objects (~10 µs a row); this one scans with
 * charCodeAt and indexOf and cuts cells with slice (~1 µs a row). It keeps fast-csv's behaviour
 * where files differ: quoted fields with commas, doubled quotes and line breaks; LF, CRLF or a lone
 * CR ending a row; spaces before an opening quote or after a closing one ignored; a quote inside
 * an unquoted field kept as text; a blank line an empty row. A byte-order mark never gets here
 * (decodeUpload drops it).
 */

/** A syntax error: `line` is as exact as the tokenizer knows it (see explainCsvSyntaxError). */
export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';

  constructor(
    readonly line: number,
    readonly parserMessage: string,
  ) {
    super(`CSV syntax error near line ${line}`);
  }
}

export interface CsvRow {
  cells: string[];
  /** 1-based line of the file where the row starts (LF, CRLF and lone CR each end a line). */
  line: number;
}

/**
 * Longest cell kept: the longest field limit of libs/domain is 500 characters, so a longer cell
 * only has to stay longer than that to be reported. The cap keeps a runaway quoted field (an
 * unterminated quote in a big file) from growing into the whole file in a 32 MB heap.
 */
export const MAX_CELL_CHARS = 64 * 1024;
/** Cells kept per row; an export has 7 columns, a spreadsheet may add a few empty ones. */
export const MAX_CELLS = 1000;

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

// States between characters (numbers, not strings: the loop compares them a billion times).
/** Before a field's first character. */
const FIELD_START = 0;
/** Spaces before a field: a quote after them opens a quoted field, anything else is text. */
const LEADING_SPACE = 1;
const UNQUOTED = 2;
const QUOTED = 3;
/** A quote inside a quoted field: doubled, it is a quote; otherwise it closed the field. */
const QUOTE_IN_QUOTED = 4;
/** After a closing quote: only spaces, then a comma or a line break, may follow. */
const AFTER_QUOTE = 5;

export class CsvTokenizer {
  private state = FIELD_START;
  private cells: string[] = [];
  /** The current field's text carried over from earlier chunks. */
  private field = '';
  private line = 1;
  private rowLine = 1;
  private quoteLine = 1;
  /** The last character of the previous chunk was a CR (a CRLF may be split between chunks). */
  private previousChunkEndedWithCr = false;

  /** Tokenizes the next chunk of text; complete rows are appended to `rows`. */
  feed(text: string, rows: CsvRow[]): void {
    const n = text.length;
    let i = 0;
    // Where the current field's text starts in this chunk (-1: no field text in this chunk yet).
    let from = this.state === UNQUOTED || this.state === QUOTED || this.state === LEADING_SPACE ? 0 : -1;
    while (i < n) {
      switch (this.state) {
        case FIELD_START: {
          const c = text.charCodeAt(i);
          if (c === COMMA) {
            this.pushCell('');
            i++;
          } else if (c === QUOTE) {
            this.state = QUOTED;
            this.quoteLine = this.line;
            from = ++i;
          } else if (c === LF || c === CR) {
            // The LF of a CRLF whose CR ended the row.
            const crlf = c === LF && (i > 0 ? text.charCodeAt(i - 1) === CR : this.previousChunkEndedWithCr);
            if (!crlf) {
              // Right after a comma: the row's last cell is empty ("a,b," is three cells).
              if (this.cells.length > 0) this.pushCell('');
              this.endRow(rows);
            }
            i++;
          } else if (c === SPACE || c === TAB) {
            this.state = LEADING_SPACE;
            from = i++;
          } else {
            this.state = UNQUOTED;
            from = i++;
          }
          break;
        }
        case LEADING_SPACE: {
          const c = text.charCodeAt(i);
          if (c === SPACE || c === TAB) {
            i++;
          } else if (c === QUOTE) {
            this.field = '';
            this.state = QUOTED;
            this.quoteLine = this.line;
            from = ++i;
          } else {
            this.state = UNQUOTED;
          }
          break;
        }
        case UNQUOTED: {
          let j = i;
          let c = 0;
          for (; j < n; j++) {
            c = text.charCodeAt(j);
            if (c === COMMA || c === LF || c === CR) break;
          }
          if (j === n) {
            i = n;
            break;
          }
          this.pushCell(this.takeField(text, from, j));
          from = -1;
          this.state = FIELD_START;
          if (c !== COMMA) this.endRow(rows);
          i = j + 1;
          break;
        }
        case QUOTED: {
          const q = text.indexOf('"', i);
          const end = q === -1 ? n : q;
          this.countLineBreaks(text, i, end);
          if (q === -1) {
            i = n;
            break;
          }
          this.appendField(text, from, q);
          from = -1;
          this.state = QUOTE_IN_QUOTED;
          i = q + 1;
          break;
        }
        case QUOTE_IN_QUOTED: {
          if (text.charCodeAt(i) === QUOTE) {
            // A doubled quote: one quote of text, the field goes on after it.
            this.state = QUOTED;
            from = i;
            i++;
          } else {
            this.state = AFTER_QUOTE;
          }
          break;
        }
        case AFTER_QUOTE: {
          const c = text.charCodeAt(i);
          if (c === SPACE || c === TAB) {
            i++;
          } else if (c === COMMA) {
            this.pushCell(this.takeField(text, -1, -1));
            this.state = FIELD_START;
            i++;
          } else if (c === LF || c === CR) {
            this.pushCell(this.takeField(text, -1, -1));
            this.state = FIELD_START;
            this.endRow(rows);
            i++;
          } else {
            throw new CsvSyntaxError(this.line, `Parse Error: expected: ',' OR new line got: '${text[i]}'`);
          }
          break;
        }
        default:
          throw new Error(`unknown tokenizer state ${this.state}`);
      }
    }
    // The field goes on in the next chunk.
    if (from !== -1) this.appendField(text, from, n);
    this.previousChunkEndedWithCr = n > 0 ? text.charCodeAt(n - 1) === CR : this.previousChunkEndedWithCr;
  }

  /** The end of the text: the last row without a line break, or the error of a quote never closed. */
  end(rows: CsvRow[]): void {
    if (this.state === QUOTED)
      throw new CsvSyntaxError(this.quoteLine, `Parse Error: missing closing: '"' in line ${this.quoteLine}`);
    // The last cell: a field in progress, or an empty one after a final comma.
    if (this.state !== FIELD_START || this.cells.length > 0) {
      this.pushCell(this.takeField('', -1, -1));
      this.state = FIELD_START;
    }
    if (this.cells.length > 0) {
      rows.push({ cells: this.cells, line: this.rowLine });
      this.cells = [];
    }
  }

  /** Ends the row at a line break (the line break itself counted). */
  private endRow(rows: CsvRow[]): void {
    rows.push({ cells: this.cells, line: this.rowLine });
    this.cells = [];
    this.line++;
    this.rowLine = this.line;
  }

  private pushCell(cell: string): void {
    if (this.cells.length < MAX_CELLS) this.cells.push(cell);
  }

  /** The whole field: what earlier chunks carried plus text[from, to). */
  private takeField(text: string, from: number, to: number): string {
    if (from !== -1) this.appendField(text, from, to);
    const field = this.field;
    this.field = '';
    return field;
  }

  private appendField(text: string, from: number, to: number): void {
    if (to <= from) return;
    if (this.field === '' && to - from <= MAX_CELL_CHARS) {
      this.field = from === 0 && to === text.length ? text : text.slice(from, to);
      return;
    }
    const room = MAX_CELL_CHARS - this.field.length;
    if (room > 0) this.field += text.slice(from, Math.min(to, from + room));
  }

  /** Line breaks inside a quoted field: LF, CRLF and a lone CR are one each. */
  private countLineBreaks(text: string, from: number, to: number): void {
    for (let k = from; k < to; k++) {
      const c = text.charCodeAt(k);
      if (c === CR) this.line++;
      else if (c === LF && !(k > 0 ? text.charCodeAt(k - 1) === CR : this.previousChunkEndedWithCr))
        this.line++;
    }
  }
}
