import { describe, expect, it } from '@jest/globals';
import { computeYearsConnected, parseConnectedOn } from './connected-on.js';

describe('parseConnectedOn', () => {
  it.each([
    ['24 Nov 2023', '2023-11-24'],
    ['4 Nov 2023', '2023-11-04'],
    ['2023-11-24', '2023-11-24'],
    ['24 November 2023', '2023-11-24'],
    ['1 Sept 2019', '2019-09-01'],
    ['24-Nov-2023', '2023-11-24'],
    ['Nov 24, 2023', '2023-11-24'],
    ['  29 feb 2024 ', '2024-02-29'],
  ])('reads "%s" as %s', (text, iso) => {
    expect(parseConnectedOn(text)).toBe(iso);
  });

  it.each(['', 'yesterday', '31 Nov 2023', '29 Feb 2023', '2023-13-01', '24 Noc 2023', '11/24/2023'])(
    'gives null for "%s"',
    (text) => {
      expect(parseConnectedOn(text)).toBeNull();
    },
  );

  it('gives null for a missing value and for a huge cell', () => {
    expect(parseConnectedOn(null)).toBeNull();
    expect(parseConnectedOn('1'.repeat(100_000))).toBeNull();
  });
});

describe('computeYearsConnected', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('counts whole years, rounding down', () => {
    expect(computeYearsConnected('2020-11-22', now)).toBe(6);
    expect(computeYearsConnected('2020-11-23', now)).toBe(5);
    expect(computeYearsConnected('2020-12-01', now)).toBe(5);
  });

  it('gives 0 for a connection made this year or dated in the future', () => {
    expect(computeYearsConnected('2026-01-01', now)).toBe(0);
    expect(computeYearsConnected('2027-01-01', now)).toBe(0);
  });

  it('gives null when the date is unknown', () => {
    expect(computeYearsConnected(null, now)).toBeNull();
    expect(computeYearsConnected('not a date', now)).toBeNull();
  });
});
