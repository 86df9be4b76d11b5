import { describe, expect, it } from '@jest/globals';
import { compareIds } from './compare-ids.js';

describe('compareIds', () => {
  it('orders decimal ids by value', () => {
    expect(['10', '9', '100', '2'].sort(compareIds)).toEqual(['2', '9', '10', '100']);
  });

  it('orders other ids by code unit', () => {
    expect(['u2', 'u10', '3', 'a'].sort(compareIds)).toEqual(['3', 'a', 'u10', 'u2']);
  });
});
