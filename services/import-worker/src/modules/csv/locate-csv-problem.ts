/** The first place a file breaks RFC 4180 the way fast-csv refuses it. */
export type CsvProblem =
  /** A quoted field that never closes; `line` is where its opening quote is. */
  | { kind: 'unterminated-quote'; line: number }
  /** A closing quote followed by other text (`"Ana" Silva,`); `line` is where that text is. */
  | { kind: 'text-after-quote'; line: number };

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

type State = 'field-start' | 'unquoted' | 'quoted' | 'after-quote';

/**
 * Scans text for its first quoting problem, counting lines as an editor does (LF, CRLF or a lone
 * CR). Only used after the parser failed, to tell the user exactly which line to fix: the parser
 * itself drops the rows of the chunk it fails in, so it cannot say.
 */
export class CsvProblemLocator {
  private state: State = 'field-start';
  private line = 1;
  private quoteLine = 1;
  private previousWasCr = false;

  /** Feeds the next chunk; answers the problem as soon as one is certain. */
  feed(text: string): CsvProblem | null {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const isBreak = code === LF || code === CR;
      // CRLF is one line break.
      if (isBreak && !(code === LF && this.previousWasCr)) this.line++;
      this.previousWasCr = code === CR;
      const problem = this.step(code, isBreak);
      if (problem) return problem;
    }
    return null;
  }

  /** The end of the text: an open quote there was never closed. */
  end(): CsvProblem | null {
    return this.state === 'quoted' ? { kind: 'unterminated-quote', line: this.quoteLine } : null;
  }

  /**
   * A "closing" quote lines below its opening one is far more often the next field's opening
   * quote, after a quote left open earlier: point at the quote that was never closed.
   */
  private textAfterQuote(): CsvProblem {
    return this.quoteLine < this.line
      ? { kind: 'unterminated-quote', line: this.quoteLine }
      : { kind: 'text-after-quote', line: this.line };
  }

  private step(code: number, isBreak: boolean): CsvProblem | null {
    switch (this.state) {
      case 'field-start':
        if (code === QUOTE) {
          this.state = 'quoted';
          this.quoteLine = this.line;
        } else if (code !== COMMA && !isBreak) this.state = 'unquoted';
        return null;
      case 'unquoted':
        if (code === COMMA || isBreak) this.state = 'field-start';
        return null;
      case 'quoted':
        if (code === QUOTE) this.state = 'after-quote';
        return null;
      case 'after-quote':
        if (code === QUOTE) this.state = 'quoted';
        else if (code === COMMA || isBreak) this.state = 'field-start';
        else if (code !== SPACE && code !== TAB) return this.textAfterQuote();
        return null;
      default: {
        const unknown: never = this.state;
        throw new Error(`unknown state ${String(unknown)}`);
      }
    }
  }
}

/** The first quoting problem of a whole text source. */
export async function locateCsvProblem(text: AsyncIterable<string>): Promise<CsvProblem | null> {
  const locator = new CsvProblemLocator();
  for await (const chunk of text) {
    const problem = locator.feed(chunk);
    if (problem) return problem;
  }
  return locator.end();
}
