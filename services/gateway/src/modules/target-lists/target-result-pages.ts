import {
  TARGET_LIST_LIMITS,
  TARGET_RESULTS_PAGE_MAX,
  type TargetListResults,
  type TargetResultRow,
  type TargetResultsPage,
} from '@warmpath/contracts';

/** One page of a list's ranked results, as the network service answers it. */
export type FetchResultsPage = (page: TargetResultsPage) => Promise<TargetListResults>;

/**
 * A page may be cut short of `limit` to fit a bus message (docs/targets.md#paging), but never
 * holds less than a row: the largest list takes at most this many pages.
 */
const MAX_PAGES = TARGET_LIST_LIMITS.rows + 1;

/**
 * Every ranked row of a list, page after page of TARGET_RESULTS_PAGE_MAX (docs/targets.md#export),
 * until `rowCount` rows are read or the rows run out. An answer without `rowCount` holds every row
 * (a service that does not page): it is the only one asked for.
 */
export async function readAllResultRows(
  fetchPage: FetchResultsPage,
): Promise<{ first: TargetListResults; rows: TargetResultRow[] }> {
  const limit = TARGET_RESULTS_PAGE_MAX;
  const first = await fetchPage({ offset: 0, limit });
  const rows = [...first.rows];
  let answer = first;
  for (let pages = 1; pages < MAX_PAGES; pages++) {
    const total = answer.rowCount;
    if (total === undefined || answer.rows.length === 0 || rows.length >= total) break;
    answer = await fetchPage({ offset: rows.length, limit });
    rows.push(...answer.rows);
  }
  return { first, rows };
}
