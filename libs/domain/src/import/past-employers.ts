import { companyKey } from '../company/company-key.js';

/** Companies kept from a Positions.csv: a career of a few dozen jobs fits well under it. */
export const MAX_PAST_EMPLOYERS = 100;

const COMPANY_HEADERS = new Set(['company name', 'company']);
const fold = (cell: string): string =>
  cell
    .replace(/\uFEFF/g, '')
    .trim()
    .toLowerCase();

/**
 * The company keys of the member's own jobs, from the rows of the archive's Positions.csv
 * (header "Company Name,Title,Description,Location,Started On,Finished On"). Only the keys are
 * kept (only derived flags, never the member's own work history); a connection working at one of
 * them now works where the member worked, during or after the member's time there: a past
 * colleague. Null when the file has no company column (it is not LinkedIn's Positions.csv).
 */
export function readPastEmployers(rows: readonly (readonly string[])[]): string[] | null {
  const headerIndex = rows.findIndex((cells) => cells.some((cell) => COMPANY_HEADERS.has(fold(cell))));
  if (headerIndex === -1) return null;
  const column = (rows[headerIndex] as readonly string[]).findIndex((cell) =>
    COMPANY_HEADERS.has(fold(cell)),
  );
  const keys = new Set<string>();
  for (const cells of rows.slice(headerIndex + 1)) {
    const key = companyKey(cells[column]?.trim() ?? '');
    if (key) keys.add(key);
    if (keys.size >= MAX_PAST_EMPLOYERS) break;
  }
  return [...keys];
}
