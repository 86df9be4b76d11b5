import { describe, expect, it } from '@jest/globals';
import { flatJoin } from './flat-join.js';

describe('flatJoin', () => {
  it.each([
    ['1234567', '-', '7654321'],
    ['u12', '-', '1234567'],
    ['zoë ångström 🎉', '|', 'acme'],
    ['', '|', ''],
    ['first1 last2', '|', 'company 3'],
  ])('is the template concatenation of %j, %j and %j', (a, separator, b) => {
    expect(flatJoin(a, separator, b)).toBe(`${a}${separator}${b}`);
  });
});
