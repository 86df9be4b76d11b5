import { describe, expect, it } from '@jest/globals';
import type { TargetListResults, TargetResultRow, TargetResultsPage } from '@warmpath/contracts';
import { readAllResultRows } from './target-result-pages.js';

const row = (line: number) =>
  ({
    target: { kind: 'company', line, name: `C${line}`, domain: null, linkedinUrl: null },
  }) as TargetResultRow;
const rows = (count: number) => Array.from({ length: count }, (_, i) => row(i + 1));

/** A network service answer over these rows: paged (with rowCount), or every row whatever is asked. */
function service(all: TargetResultRow[], paged: boolean) {
  const asked: TargetResultsPage[] = [];
  const fetchPage = async (page: TargetResultsPage): Promise<TargetListResults> => {
    asked.push(page);
    const answer = { rows: all } as TargetListResults;
    if (!paged) return answer;
    return {
      ...answer,
      rows: all.slice(page.offset, page.offset + page.limit),
      offset: page.offset,
      rowCount: all.length,
    };
  };
  return { asked, fetchPage };
}

describe('readAllResultRows', () => {
  it('reads a paged list page after page of 1,000 until rowCount', async () => {
    const { asked, fetchPage } = service(rows(2500), true);
    const { rows: read } = await readAllResultRows(fetchPage);
    expect(read.map((r) => r.target.line)).toEqual(rows(2500).map((r) => r.target.line));
    expect(asked).toEqual([
      { offset: 0, limit: 1000 },
      { offset: 1000, limit: 1000 },
      { offset: 2000, limit: 1000 },
    ]);
  });

  it('reads every row of 5,000 when the service cuts each page short to fit a bus message', async () => {
    const all = rows(5000);
    const { asked, fetchPage } = service(all, true);
    // ~3 KB a covered row: about 330 of them fit in 1 MiB.
    const cut = async (page: TargetResultsPage) => {
      const answer = await fetchPage(page);
      return { ...answer, rows: answer.rows.slice(0, 330) };
    };
    const { rows: read } = await readAllResultRows(cut);
    expect(read.map((r) => r.target.line)).toEqual(all.map((r) => r.target.line));
    expect(asked).toHaveLength(Math.ceil(5000 / 330));
    expect(asked[1]).toEqual({ offset: 330, limit: 1000 });
  });

  it('asks once when the first page holds every row', async () => {
    const { asked, fetchPage } = service(rows(3), true);
    expect((await readAllResultRows(fetchPage)).rows).toHaveLength(3);
    expect(asked).toHaveLength(1);
  });

  it('takes an unpaged answer (no rowCount) as every row, asked once', async () => {
    const { asked, fetchPage } = service(rows(1500), false);
    expect((await readAllResultRows(fetchPage)).rows).toHaveLength(1500);
    expect(asked).toHaveLength(1);
  });

  it('stops when the rows run out before rowCount (a list changed meanwhile)', async () => {
    const all = rows(1200);
    const { asked, fetchPage } = service(all, true);
    const shrinking = async (page: TargetResultsPage) => {
      const answer = await fetchPage(page);
      return { ...answer, rows: page.offset >= 1000 ? [] : answer.rows, rowCount: 1200 };
    };
    expect((await readAllResultRows(shrinking)).rows).toHaveLength(1000);
    expect(asked).toHaveLength(2);
  });
});
