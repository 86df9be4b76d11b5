import { readZipDirectory, type ZipEntry, zipEntryData, ZipFormatError } from '../zip/zip-directory.js';
import { TargetFileError } from './target-file-error.js';

// A workbook's parts (docs/targets.md#files), read with the one ZIP directory reader
// (`../zip`, ZIP64 included), and one entry's bytes unpacked by an inflater given by the caller (a
// web standard by default).

/** Unpacks raw DEFLATE data; throws when it would exceed `maxBytes` or the data is damaged. */
export type InflateRaw = (data: Uint8Array, maxBytes: number) => Promise<Uint8Array>;

/** Limits of a workbook's archive, far above a 5,000-row sheet, below a zip bomb. */
export const WORKBOOK_LIMITS = { entries: 10_000, entryBytes: 64 * 1024 * 1024 } as const;

/**
 * The entries of the central directory; null when there is none to read (not a ZIP, cut short).
 * Throws ZipFormatError `damaged` or `unsupported` for records that point nowhere (the caller
 * says "a damaged ZIP archive" with why), UNREADABLE_WORKBOOK past the entry limit.
 */
export function readZipEntries(bytes: Uint8Array): ZipEntry[] | null {
  try {
    return readZipDirectory(bytes, WORKBOOK_LIMITS.entries);
  } catch (error) {
    if (error instanceof ZipFormatError && error.problem === 'too-many-entries')
      throw TargetFileError.unreadableWorkbook(`it holds more than ${WORKBOOK_LIMITS.entries} parts`);
    throw error;
  }
}

/** The unpacked bytes of one entry. Throws UNREADABLE_WORKBOOK for encrypted, unknown or damaged data. */
export async function readZipEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  inflateRaw: InflateRaw,
): Promise<Uint8Array> {
  let packed: Uint8Array;
  try {
    packed = zipEntryData(bytes, entry);
  } catch (error) {
    if (error instanceof ZipFormatError)
      throw TargetFileError.unreadableWorkbook(`it is damaged: ${error.message}`);
    throw error;
  }
  if (entry.flags & 1) throw TargetFileError.unreadableWorkbook('it is encrypted');
  if (entry.size > WORKBOOK_LIMITS.entryBytes)
    throw TargetFileError.unreadableWorkbook('a part of it is too large');
  if (entry.method === 0) return packed;
  if (entry.method !== 8) throw TargetFileError.unreadableWorkbook('it uses an unknown compression');
  try {
    return await inflateRaw(packed, WORKBOOK_LIMITS.entryBytes);
  } catch {
    throw TargetFileError.unreadableWorkbook('it is damaged, or a part of it is too large');
  }
}

/** InflateRaw with the web's DecompressionStream (browsers, Node 20+): no dependency. */
export const inflateRawWithStreams: InflateRaw = async (data, maxBytes) => {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw new RangeError('inflated data over the limit');
    }
    chunks.push(value);
  }
  const result = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    result.set(chunk, offset);
    offset += chunk.length;
  }
  return result;
};
