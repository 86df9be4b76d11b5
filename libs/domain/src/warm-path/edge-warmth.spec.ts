import { describe, expect, it } from '@jest/globals';
import { edgeWarmth } from './edge-warmth.js';

const known = (yearsConnected: number | null, hasWorkedWith = false) =>
  edgeWarmth({ type: 'connection', yearsConnected, hasWorkedWith });

describe('edgeWarmth', () => {
  it('starts a direct connection at 0.5 and adds 0.04 a year', () => {
    expect(known(0)).toBeCloseTo(0.5);
    expect(known(6)).toBeCloseTo(0.74);
    expect(known(10)).toBeCloseTo(0.9);
  });

  it('stops growing after 10 years', () => {
    expect(known(25)).toBeCloseTo(0.9);
  });

  it('treats an unknown duration like a new connection', () => {
    expect(known(null)).toBeCloseTo(0.5);
  });

  it('adds 0.1 for having worked together, never above 1', () => {
    expect(known(3, true)).toBeCloseTo(0.72);
    expect(known(10, true)).toBeCloseTo(1);
    expect(known(20, true)).toBeLessThanOrEqual(1);
  });

  it('makes a teammate 0.9', () => {
    expect(edgeWarmth({ type: 'teammate' })).toBeCloseTo(0.9);
  });

  it.each([
    ['company-role', 150, 0.8],
    ['company-role', 130, 0.6933],
    ['company-group', 80, 0.4267],
    ['company-general', 50, 0.2667],
  ] as const)('turns a %s link of strength %i into %f', (type, strength, warmth) => {
    expect(edgeWarmth({ type, strength })).toBeCloseTo(warmth, 4);
  });

  it('keeps a company link above 0 even with a zero strength', () => {
    expect(edgeWarmth({ type: 'company-general', strength: 0 })).toBeGreaterThan(0);
  });

  it('ranks a long-known contact above the strongest company link', () => {
    expect(known(10)).toBeGreaterThan(edgeWarmth({ type: 'company-role', strength: 150 }));
  });
});

describe('edgeWarmth of a tie known from an archive', () => {
  const scored = (strength: number | null) =>
    edgeWarmth({ type: 'connection', yearsConnected: 10, hasWorkedWith: true, strength });

  it.each([
    [0, 0.5],
    [40, 0.7],
    [100, 1],
    [140, 1],
  ])('turns a score of %i into %f, whatever the years', (strength, warmth) => {
    expect(scored(strength)).toBeCloseTo(warmth);
  });

  it('keeps the years-and-colleague warmth when there is no score', () => {
    expect(scored(null)).toBeCloseTo(1);
  });
});
