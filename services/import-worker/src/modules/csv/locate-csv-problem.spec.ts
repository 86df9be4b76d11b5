import { describe, expect, it } from '@jest/globals';
import { CsvProblemLocator, locateCsvProblem } from './locate-csv-problem.js';

async function* chunks(...parts: string[]): AsyncGenerator<string> {
  yield* parts;
}

describe('locateCsvProblem', () => {
  it('finds nothing in valid CSV with quoted commas, quotes and line breaks', async () => {
    const text = 'a,b\r\n"Acme, Inc.","The ""Boss"""\n"two\nlines",x\n';
    await expect(locateCsvProblem(chunks(text))).resolves.toBeNull();
  });

  it('names the line where a never-closed quote opens', async () => {
    await expect(locateCsvProblem(chunks('a,b\nc,d\ne,"f\ng,h\n'))).resolves.toEqual({
      kind: 'unterminated-quote',
      line: 3,
    });
  });

  it('names the line of text after a closing quote', async () => {
    await expect(locateCsvProblem(chunks('a,b\n"multi\nline",x\n"Ana" Silva,y\n'))).resolves.toEqual({
      kind: 'text-after-quote',
      line: 4,
    });
  });

  it('accepts spaces after a closing quote and quotes inside an unquoted field, as the parser does', async () => {
    await expect(locateCsvProblem(chunks('"Ana" ,x\nAn"a,y\n'))).resolves.toBeNull();
  });

  it('counts CRLF as one line break and a lone CR as one', async () => {
    await expect(locateCsvProblem(chunks('a\r\nb\rc,"d'))).resolves.toEqual({
      kind: 'unterminated-quote',
      line: 3,
    });
  });

  it('follows state across chunk boundaries, a CRLF split between chunks included', async () => {
    await expect(locateCsvProblem(chunks('a,"b', '""c', '"\r', '\nd,"e'))).resolves.toEqual({
      kind: 'unterminated-quote',
      line: 2,
    });
  });

  it('blames a quote left open lines above when a later quoted field seems to close it', async () => {
    await expect(locateCsvProblem(chunks('a,"b\nc,d\n"Acme, Inc.",e\n'))).resolves.toEqual({
      kind: 'unterminated-quote',
      line: 1,
    });
  });

  it('answers as soon as a problem is certain', () => {
    const locator = new CsvProblemLocator();
    expect(locator.feed('"a"b')).toEqual({ kind: 'text-after-quote', line: 1 });
  });
});
