import { describe, expect, it } from '@jest/globals';
import { toConnection } from './network-view.mapper.js';
import { buildConnectionRow } from './network-rows.testing.js';
import { SharedRowTexts, SharedTexts } from './shared-texts.js';

const NOW = new Date('2026-06-15T12:00:00Z');

describe('texts shared between loaded people', () => {
  it('keeps every value of a row and counts each distinct text once', () => {
    const texts = new SharedRowTexts();
    const row = buildConnectionRow({
      company: 'Acme',
      position: 'CTO',
      industry: 'Software',
      location: 'Lisbon',
      connected_on: '2020-01-02',
      previous_company: 'Initech',
      previous_position: null,
    });
    const before = { ...row };
    expect(texts.shareRow(row)).toEqual(before);
    texts.shareRow(buildConnectionRow({ id: '2', company: 'Acme', position: 'CTO', location: 'Porto' }));
    // Acme, CTO, Software, Lisbon, 2020-01-02, the import time, Initech, Porto.
    expect(texts.size).toBe(8);
    expect(toConnection(row, NOW)).toEqual(toConnection(before, NOW));
  });

  it('starts again past its bound, still answering the same values', () => {
    const texts = new SharedTexts(3);
    for (const text of ['a', 'b', 'c']) texts.shared(text);
    expect(texts.size).toBe(3);
    expect(texts.shared('d')).toBe('d');
    expect(texts.size).toBe(1);
    expect(texts.shared('a')).toBe('a');
    expect(texts.shared(null)).toBeNull();
  });

  it('gives people of one owner and one category one read-only positionInfo and knownBy', () => {
    const [a, b, other] = [
      toConnection(buildConnectionRow({ id: '1', category: 'engineering', seniority: 4 }), NOW),
      toConnection(buildConnectionRow({ id: '2', category: 'engineering', seniority: 4 }), NOW),
      toConnection(buildConnectionRow({ id: '3', owner_user_id: 9, category: 'sales', seniority: 4 }), NOW),
    ];
    expect(a.positionInfo).toBe(b.positionInfo);
    expect(a.knownBy).toBe(b.knownBy);
    expect(other.positionInfo).toEqual({ category: 'sales', seniority: 4 });
    expect(other.knownBy).toEqual([9]);
    expect(Object.isFrozen(a.positionInfo) && Object.isFrozen(a.knownBy)).toBe(true);
  });
});
