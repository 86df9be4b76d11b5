import {
  TARGET_LIST_LIMITS,
  TARGET_RESULTS_PAGE_MAX,
  type TargetListResults,
  type TargetResultRow,
  type TargetResultsPage,
} from '@warmpath/contracts';

/** One page of a list's ranked results, as the network service answers it. */
export type FetchResultsPage = (page: TargetResultsPage) => Promise<TargetListResults>;

/** Enough pages for the largest list, and a few more: a service that keeps answering stops here. */
const MAX_PAGES = Math.ceil(TARGET_LIST_LIMITS.rows / TARGET_RESULTS_PAGE_MAX) + 2;

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
