import { describe, expect, it } from '@jest/globals';
import { BAD_FILES } from './bad-files.js';

describe('BAD_FILES', () => {
  it('puts the invalid byte of invalidUtf8 on line 6', () => {
    const bytes = BAD_FILES.invalidUtf8();
    const at = bytes.indexOf(0xe9);
    const lineFeeds = bytes.subarray(0, at).filter((byte) => byte === 0x0a).length;
    expect(lineFeeds + 1).toBe(6);
  });

  it('makes hugeField a single row with a 100,000-character company', () => {
    const text = new TextDecoder().decode(BAD_FILES.hugeField());
    expect(text).toContain('A'.repeat(100_000));
  });

  it('starts binaryRenamed with a zip signature', () => {
    expect([...BAD_FILES.binaryRenamed().subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });
});
