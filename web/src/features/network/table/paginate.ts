/** docs/product.md#graph-and-table: 50 rows per page. */
export const TABLE_PAGE_SIZE = 50;

export interface Page<T> {
  rows: T[];
  /** 1-based, clamped into 1..pages. */
  page: number;
  pages: number;
}

/** One page of rows; never fewer than one page, so an empty table reads 'Page 1 of 1'. */
export function paginate<T>(rows: readonly T[], page: number, size = TABLE_PAGE_SIZE): Page<T> {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(pages, Math.max(1, Math.floor(page) || 1));
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pages };
}
