import { describe, expect, it } from '@jest/globals';
import { ImportFileError } from './import-file-error.js';
import { createUtf8Validator } from './utf8-validator.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

function decodeAll(chunks: readonly Uint8Array[]): string {
  const validator = createUtf8Validator();
  return chunks.map((chunk) => validator.decode(chunk)).join('') + validator.end();
}

function errorOf(action: () => unknown): ImportFileError {
  try {
    action();
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error('expected an ImportFileError');
}

describe('createUtf8Validator', () => {
  it('decodes valid UTF-8', () => {
    expect(decodeAll([encode('Ana,Silva\nJosé,Gonçalves\n')])).toBe('Ana,Silva\nJosé,Gonçalves\n');
  });

  it('decodes a character split across chunks', () => {
    const bytes = encode('Zoë');
    // "ë" is two bytes: cut between them.
    expect(decodeAll([bytes.subarray(0, 3), bytes.subarray(3)])).toBe('Zoë');
  });

  it('drops a leading byte-order mark', () => {
    expect(decodeAll([Uint8Array.from([0xef, 0xbb, 0xbf]), encode('First Name')])).toBe('First Name');
  });

  it('rejects Windows-1252 bytes with the line they are on', () => {
    const validator = createUtf8Validator();
    validator.decode(encode('First Name,Last Name\nAna,Silva\n'));
    const latin1 = Uint8Array.from([...encode('Ben,Ode\nJos'), 0xe9, ...encode(',Ruiz\n')]);
    const error = errorOf(() => validator.decode(latin1));
    expect(error.code).toBe('INVALID_UTF8');
    expect(error.message).toContain('near line 4');
  });

  it('rejects overlong encodings and UTF-16 surrogates', () => {
    expect(errorOf(() => decodeAll([Uint8Array.from([0x41, 0xc0, 0xaf])])).code).toBe('INVALID_UTF8');
    expect(errorOf(() => decodeAll([Uint8Array.from([0xed, 0xa0, 0x80])])).code).toBe('INVALID_UTF8');
  });

  it('rejects a file that ends in the middle of a character, on its last line', () => {
    const validator = createUtf8Validator();
    validator.decode(Uint8Array.from([...encode('a\nb\nc'), 0xc3]));
    const error = errorOf(() => validator.end());
    expect(error.code).toBe('INVALID_UTF8');
    expect(error.message).toContain('near line 3');
  });
});
