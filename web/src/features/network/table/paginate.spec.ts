import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

describe('paginate', () => {
  const rows = Array.from({ length: 120 }, (_, i) => i);

  it('cuts 50 rows per page', () => {
    expect(paginate(rows, 1)).toMatchObject({ page: 1, pages: 3 });
    expect(paginate(rows, 1).rows).toHaveLength(50);
    expect(paginate(rows, 3).rows).toEqual(rows.slice(100));
  });

  it('clamps the page into range', () => {
    expect(paginate(rows, 9).page).toBe(3);
    expect(paginate(rows, 0).page).toBe(1);
    expect(paginate([], 4)).toEqual({ rows: [], page: 1, pages: 1 });
  });
});
