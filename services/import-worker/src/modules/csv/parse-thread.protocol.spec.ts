import { describe, expect, it } from '@jest/globals';
import { ImportFileError } from '@warmpath/domain';
import { ImportFailureError, permanentFailureOf } from './import-failure.js';
import { fromThreadError, toThreadError } from './parse-thread.protocol.js';
import { CsvSyntaxError } from './read-connections.js';

/** Through structured clone, as postMessage does. */
const acrossThreads = (error: unknown): Error => fromThreadError(structuredClone(toThreadError(error)));

describe('errors crossing the parse thread boundary', () => {
  it('keep a bad file a permanent failure with its code and message', () => {
    const back = acrossThreads(ImportFileError.invalidUtf8(6));
    expect(back).toBeInstanceOf(ImportFileError);
    expect(permanentFailureOf(back)).toEqual({
      code: 'INVALID_UTF8',
      message: ImportFileError.invalidUtf8(6).message,
    });
    expect(permanentFailureOf(acrossThreads(ImportFailureError.textAfterQuote(9)))).toMatchObject({
      code: 'MALFORMED_CSV',
    });
  });

  it('keep a syntax error explainable, with its line and the parser message', () => {
    const back = acrossThreads(new CsvSyntaxError(12, 'Parse Error: missing closing'));
    expect(back).toBeInstanceOf(CsvSyntaxError);
    expect(back).toMatchObject({ line: 12, parserMessage: 'Parse Error: missing closing' });
  });

  it('turn anything else into a plain error, which the runner retries', () => {
    const back = acrossThreads(new RangeError('out of memory'));
    expect(back.message).toBe('out of memory');
    expect(permanentFailureOf(back)).toBeNull();
  });
});
