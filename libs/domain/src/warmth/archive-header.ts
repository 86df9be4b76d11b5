/** A header cell folded for matching: lower case, letters and digits only ("SENDER PROFILE URL" → "senderprofileurl"). */
export const foldArchiveHeader = (cell: string): string => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The index of each wanted column in a header row, or null when one of `required` is missing
 * (the row is not this file's header).
 */
export function archiveColumns<K extends string>(
  cells: readonly string[],
  names: Record<K, readonly string[]>,
  required: readonly K[],
): Record<K, number> | null {
  const folded = cells.map(foldArchiveHeader);
  const columns = {} as Record<K, number>;
  for (const key of Object.keys(names) as K[]) {
    columns[key] = folded.findIndex((cell) => names[key].includes(cell));
  }
  return required.every((key) => columns[key] >= 0) ? columns : null;
}

/** Archive files have their header on the first line; a few lines of preamble are tolerated. */
export const ARCHIVE_HEADER_SEARCH_ROWS = 5;
