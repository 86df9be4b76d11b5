import { describe, expect, it } from '@jest/globals';
import { isoDay, parseArchiveTime } from './archive-date.js';

describe('parseArchiveTime', () => {
  it.each<[string | null, string | null]>([
    ['2023-06-11 15:33:58 UTC', '2023-06-11T15:33:58.000Z'],
    ['2023-06-11T15:33:58Z', '2023-06-11T15:33:58.000Z'],
    ['2023-06-11T15:33:58.123Z', '2023-06-11T15:33:58.000Z'],
    ['2023-06-11', '2023-06-11T00:00:00.000Z'],
    ['2023/06/05 15:47:58 UTC', '2023-06-05T15:47:58.000Z'],
    ['1/15/24, 3:04 PM', '2024-01-15T15:04:00.000Z'],
    ['12/01/23, 12:10 AM', '2023-12-01T00:10:00.000Z'],
    ['12/01/23, 12:10 PM', '2023-12-01T12:10:00.000Z'],
    ['01/15/2024 15:04', '2024-01-15T15:04:00.000Z'],
    ['1/15/2024', '2024-01-15T00:00:00.000Z'],
    ['24 Nov 2023', '2023-11-24T00:00:00.000Z'],
    ['Nov 24, 2023', '2023-11-24T00:00:00.000Z'],
    ['2023-02-30 10:00:00 UTC', null],
    ['2023-06-11 25:00:00 UTC', null],
    ['13/45/23, 1:00 PM', null],
    ['1/15/24, 13:04 PM', null],
    ['yesterday', null],
    ['', null],
    [null, null],
    ['2023-06-11 15:33:58 UTC'.repeat(3), null],
  ])('%s → %s', (text, expected) => {
    const time = parseArchiveTime(text);
    expect(time === null ? null : new Date(time).toISOString()).toBe(expected);
  });

  it('gives the UTC day of a time', () => {
    expect(isoDay(Date.UTC(2023, 5, 11, 23, 59))).toBe('2023-06-11');
  });
});
