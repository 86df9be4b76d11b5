import { describe, expect, it } from 'vitest';
import { pick } from './network-data-client';

describe('a view answered by the data worker, as the page picks it out of the network', () => {
  const people = Object.freeze(['ana', 'ben', 'cleo', 'dan']);

  it('is the network itself when the filters kept everyone, in order', () => {
    expect(pick(people, Uint32Array.from([0, 1, 2, 3]))).toBe(people);
  });

  it('is a list of the kept people, in the answer order, otherwise', () => {
    expect(pick(people, Uint32Array.from([0, 2]))).toEqual(['ana', 'cleo']);
    const reordered = pick(people, Uint32Array.from([1, 0, 2, 3]));
    expect(reordered).not.toBe(people);
    expect(reordered).toEqual(['ben', 'ana', 'cleo', 'dan']);
    expect(pick(people, new Uint32Array(0))).toEqual([]);
  });
});
