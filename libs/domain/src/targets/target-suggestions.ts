import type { TargetResultRow } from '@warmpath/contracts';
import type { CompanySuggestions } from './company-suggestions.js';
import { DEFAULT_SUGGESTIONS } from './match-targets.js';

/**
 * A company target that met no network company at all (no correction either): the rows the
 * "correct a match" picker offers suggestions for. A row found only through counts-only members
 * reads `folded` with no company key: it met nothing shown either.
 */
export function isUnmatchedCompany(row: TargetResultRow): boolean {
  return (
    row.target.kind === 'company' &&
    row.companyKey === null &&
    (row.match === 'none' || row.match === 'folded')
  );
}

/**
 * The rows with their suggestions filled (docs/targets.md#suggestions), for rows matched with
 * `suggestions: 0`: a service answering one page asks the suggester for that page's rows only,
 * not for every unmatched target of a 5,000-row list.
 */
export function withSuggestions(
  rows: readonly TargetResultRow[],
  suggester: CompanySuggestions,
  count = DEFAULT_SUGGESTIONS,
): TargetResultRow[] {
  return rows.map((row) =>
    isUnmatchedCompany(row) && row.target.kind === 'company' && row.target.name
      ? { ...row, suggestions: suggester.suggest(row.target.name, count) }
      : row,
  );
}
