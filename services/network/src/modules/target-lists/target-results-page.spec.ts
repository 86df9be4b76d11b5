import { describe, expect, it } from '@jest/globals';
import type { TargetResultRow } from '@warmpath/contracts';
import { pageOfResults } from './target-results-page.js';

const row = (line: number, padding = 0): TargetResultRow => ({
  target: {
    kind: 'company',
    line,
    name: `Company ${line}${'x'.repeat(padding)}`,
    domain: null,
    linkedinUrl: null,
  },
  match: 'none',
  reached: 'none',
  companyKey: null,
  covered: false,
  peopleCount: 0,
  hiddenPeopleCount: 0,
  people: [],
  bestConnector: null,
  warmthBand: null,
  otherConnectors: [],
  suggestions: [],
});
const rest = {
  list: {
    id: '00000000-0000-4000-8000-000000000000',
    teamId: null,
    name: 'Accounts',
    sourceName: null,
    targetCount: 10,
    skippedCount: 0,
    createdBy: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedBy: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  skipped: [],
  corrections: [],
  coveredCount: 0,
  rowCount: 10,
};
const ranked = Array.from({ length: 10 }, (_, i) => row(i + 1, 200));

describe('pageOfResults (docs/targets.md#paging)', () => {
  it('answers [offset, offset + limit) when it fits', () => {
    const page = pageOfResults(rest, ranked, { offset: 3, limit: 4 });
    expect(page.offset).toBe(3);
    expect(page.rows.map((r) => r.target.line)).toEqual([4, 5, 6, 7]);
    expect(pageOfResults(rest, ranked, { offset: 10, limit: 4 }).rows).toEqual([]);
  });

  it('cuts a page short under the byte budget, never below one row', () => {
    const empty = Buffer.byteLength(JSON.stringify({ ...rest, offset: 0, rows: [] }));
    const one = Buffer.byteLength(JSON.stringify(ranked[0])) + 1;
    const page = pageOfResults(rest, ranked, { offset: 0, limit: 10 }, empty + 3 * one + 2);
    expect(page.rows).toHaveLength(3);
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(empty + 3 * one + 2);
    expect(pageOfResults(rest, ranked, { offset: 2, limit: 10 }, 10).rows.map((r) => r.target.line)).toEqual([
      3,
    ]);
  });

  it('gives every row once when paged by offset + rows.length', () => {
    const empty = Buffer.byteLength(JSON.stringify({ ...rest, offset: 0, rows: [] }));
    const lines: number[] = [];
    for (let offset = 0; offset < ranked.length;) {
      const page = pageOfResults(rest, ranked, { offset, limit: 4 }, empty + 700);
      lines.push(...page.rows.map((r) => r.target.line));
      offset += page.rows.length;
    }
    expect(lines).toEqual(ranked.map((r) => r.target.line));
  });
});
