import { describe, expect, it } from 'vitest';
import { compareStrength, sortByStrength } from './strength-sort';

const row = (
  id: string,
  strength?: { score?: number; band: 'strong' | 'medium' | 'weak' },
  isUser = false,
) => ({
  id,
  isUser,
  ...(strength ? { strength } : {}),
});

const rows = [
  row('weak', { score: 5, band: 'weak' }),
  row('you', undefined, true),
  row('none'),
  row('strong', { score: 45, band: 'strong' }),
  row('band-only', { band: 'strong' }),
  row('medium', { score: 30, band: 'medium' }),
];

describe('strength sort', () => {
  it('puts the strongest first when descending, your own row still on top', () => {
    expect(sortByStrength(rows, 'descend').map((r) => r.id)).toEqual([
      'you',
      'strong',
      'band-only',
      'medium',
      'weak',
      'none',
    ]);
  });

  it('puts people without a strength first when ascending', () => {
    expect(sortByStrength(rows, 'ascend').map((r) => r.id)).toEqual([
      'you',
      'none',
      'weak',
      'medium',
      'band-only',
      'strong',
    ]);
  });

  it('keeps the order as it came without a sort', () => {
    expect(sortByStrength(rows, null)).toBe(rows);
    expect(
      compareStrength(row('a', { score: 40, band: 'strong' }), row('b', { score: 40, band: 'strong' })),
    ).toBe(0);
  });
});
