import { ImportFileError } from '@warmpath/domain';

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

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;

/** The end-of-central-directory record: searched backwards past an archive comment. */
function findEndRecord(view: DataView): number {
  const last = view.byteLength - END_RECORD_BYTES;
  const first = Math.max(0, last - MAX_COMMENT_BYTES);
  for (let offset = last; offset >= first; offset--) {
    if (view.getUint32(offset, true) === END_SIGNATURE) return offset;
  }
  return -1;
}

/**
 * The entries of an archive's central directory; null when the bytes have none that can be read
 * (not an archive, or a damaged one: the caller says which, see connectionsSource). Throws
 * ARCHIVE_TOO_LARGE past the entry limit, ARCHIVE_UNREADABLE for ZIP64.
 */
export function readZipDirectory(
  bytes: Uint8Array,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length >= END_RECORD_BYTES ? findEndRecord(view) : -1;
  if (end === -1) return null;
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff)
    throw ImportFileError.archiveUnreadable('it uses the ZIP64 format');
  if (count > limits.entries)
    throw ImportFileError.archiveTooLarge(`it holds more than ${limits.entries} files`);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  let offset = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_SIGNATURE) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const skip = nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    if (offset + 46 + skip > bytes.length) return null;
    entries.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      crc32: view.getUint32(offset + 16, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      localOffset: view.getUint32(offset + 42, true),
    });
    offset += 46 + skip;
  }
  return entries;
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
