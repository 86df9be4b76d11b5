import {
  TARGET_RESULTS_PAGE_MAX,
  type TargetListResults,
  type TargetResultRow,
  type TargetResultsPage,
} from '@warmpath/contracts';

// docs/targets.md#paging: a results answer travels in one NATS message (1 MiB at most).

/** Bytes an answer's JSON may take: a NATS message (1 MiB) less room for the bus envelope. */
export const TARGET_RESULTS_MAX_BYTES = 1024 * 1024 - 16 * 1024;

export const FIRST_PAGE: TargetResultsPage = { offset: 0, limit: TARGET_RESULTS_PAGE_MAX };

/**
 * The answer with `rows` = ranked[offset, offset + limit), cut short where the JSON would pass
 * `maxBytes` (ten people a target take ~3 KB, so 1,000 such rows would not fit): the next page
 * starts at `offset + rows.length`. At least one row is answered when any is left, so paging
 * always moves on.
 */
export function pageOfResults(
  rest: Omit<TargetListResults, 'rows' | 'offset'>,
  ranked: readonly TargetResultRow[],
  page: TargetResultsPage,
  maxBytes = TARGET_RESULTS_MAX_BYTES,
): TargetListResults {
  const candidates = ranked.slice(page.offset, page.offset + page.limit);
  const answer: TargetListResults = { ...rest, offset: page.offset, rows: [] };
  // The empty answer, then each row and its comma.
  let bytes = Buffer.byteLength(JSON.stringify(answer));
  for (const row of candidates) {
    const size = Buffer.byteLength(JSON.stringify(row)) + 1;
    if (answer.rows.length > 0 && bytes + size > maxBytes) break;
    answer.rows.push(row);
    bytes += size;
  }
  return answer;
}
