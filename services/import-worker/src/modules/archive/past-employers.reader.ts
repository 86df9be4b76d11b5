import { readPastEmployers } from '@warmpath/domain';
import { CsvTokenizer, type CsvRow } from '../csv/csv-tokenizer.js';
import type { OpenedUpload } from './archive-source.js';

/**
 * The company keys of the member's own jobs from the archive's Positions.csv, or null (a CSV
 * upload, an archive without it, or one that cannot be read: the job history only adds past
 * colleagues, so it never fails an import).
 */
export async function readUploadPastEmployers(
  upload: OpenedUpload,
  onError: (error: unknown) => void,
): Promise<string[] | null> {
  try {
    const text = await upload.positions();
    if (text === null) return null;
    const rows: CsvRow[] = [];
    const tokenizer = new CsvTokenizer();
    tokenizer.feed(text.replace(/^\uFEFF/, ''), rows);
    tokenizer.end(rows);
    return readPastEmployers(rows.map((row) => row.cells));
  } catch (error) {
    onError(error);
    return null;
  }
}
