import { ImportFileError, readZipDirectory, type ZipEntry, ZipFormatError } from '@warmpath/domain';

/**
 * Limits of a ZIP upload (LinkedIn's "Basic" or "Complete" data archive), so an archive built to
 * exhaust the worker (a zip bomb) is refused before it costs anything. A real archive holds a few
 * dozen files, and its Connections.csv unpacks to ~3.5 MB for LinkedIn's 30,000 connections at
 * a ratio of 3-6; every limit is far above that. Nested archives are never opened: only
 * Connections.csv and Positions.csv are read, by name, and a .csv that is itself a ZIP is refused
 * as a binary file by the CSV reader.
 */
export interface ArchiveLimits {
  /** The archive itself, held in memory to read its directory (uploads are 10 MB at most). */
  archiveBytes: number;
  entries: number;
  /** Uncompressed, per file read. */
  entryBytes: number;
  /** Uncompressed bytes per compressed byte of a file read, past its first MiB. */
  ratio: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  archiveBytes: 64 * 1024 * 1024,
  entries: 10_000,
  entryBytes: 64 * 1024 * 1024,
  ratio: 100,
};

/**
 * The entries of an archive's central directory, read by the domain's one ZIP reader (ZIP64 end
 * records, ZIP64 sizes and offsets, entries written with data descriptors); null when the bytes
 * have no end record (not an archive, or one cut short). Throws ARCHIVE_TOO_LARGE past the entry
 * limit, ZipFormatError for records that point nowhere (the caller says how, see openUpload).
 */
export function readArchiveDirectory(
  bytes: Uint8Array,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): ZipEntry[] | null {
  try {
    return readZipDirectory(bytes, limits.entries);
  } catch (error) {
    if (error instanceof ZipFormatError && error.problem === 'too-many-entries')
      throw ImportFileError.archiveTooLarge(`it holds more than ${limits.entries} files`);
    throw error;
  }
}

/**
 * The entry named `fileName` (case-insensitive, in any folder; macOS's "__MACOSX" copies
 * ignored). Two of them at the same depth are ambiguous: refused rather than one picked.
 */
export function findZipEntry(entries: readonly ZipEntry[], fileName: string): ZipEntry | null {
  const wanted = fileName.toLowerCase();
  const matches = entries
    .filter((entry) => !entry.name.startsWith('__MACOSX/'))
    .filter((entry) => (entry.name.split('/').pop() ?? '').toLowerCase() === wanted)
    .sort((a, b) => depth(a) - depth(b));
  const [first, second] = matches;
  if (!first) return null;
  if (second && depth(second) === depth(first))
    throw ImportFileError.archiveUnreadable(`it holds more than one ${fileName}`);
  return first;
}

const depth = (entry: ZipEntry): number => entry.name.split('/').length;

/** An Excel or OpenDocument workbook is a ZIP too; it is a spreadsheet, not an export. */
export function isSpreadsheet(entries: readonly ZipEntry[]): boolean {
  return entries.some(
    (entry) =>
      entry.name === '[Content_Types].xml' || entry.name === 'mimetype' || entry.name === 'xl/workbook.xml',
  );
}
