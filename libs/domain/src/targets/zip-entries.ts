import { TargetFileError } from './target-file-error.js';

// The few lines of ZIP a workbook needs (docs/targets.md#files): the central directory (ZIP64's
// end record and sizes too), and one entry's bytes unpacked by an inflater given by the caller (a
// web standard by default).

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Unpacks raw DEFLATE data; throws when it would exceed `maxBytes` or the data is damaged. */
export type InflateRaw = (data: Uint8Array, maxBytes: number) => Promise<Uint8Array>;

/** Limits of a workbook's archive, far above a 5,000-row sheet, below a zip bomb. */
export const WORKBOOK_LIMITS = { entries: 10_000, entryBytes: 64 * 1024 * 1024 } as const;

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_BYTES = 20;
const ZIP64_END_RECORD_BYTES = 56;
/** The extra field holding an entry's 64-bit sizes and offset. */
const ZIP64_EXTRA_ID = 0x0001;
/** A 32-bit field at this value says "see the ZIP64 record" (16-bit: 0xffff). */
const SATURATED = 0xffffffff;
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;

export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The entries of the central directory; null when there is none to read (not a ZIP, or damaged). */
export function readZipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const data = view(bytes);
  let end = -1;
  for (
    let offset = bytes.length - END_RECORD_BYTES;
    offset >= Math.max(0, bytes.length - END_RECORD_BYTES - MAX_COMMENT_BYTES);
    offset--
  ) {
    if (data.getUint32(offset, true) === END_SIGNATURE) {
      end = offset;
      break;
    }
  }
  if (end === -1) return null;
  const directory = directoryOf(data, end);
  if (!directory) return null;
  const { count } = directory;
  let { offset } = directory;
  if (count > WORKBOOK_LIMITS.entries)
    throw TargetFileError.unreadableWorkbook(`it holds more than ${WORKBOOK_LIMITS.entries} parts`);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || data.getUint32(offset, true) !== CENTRAL_SIGNATURE) return null;
    const nameLength = data.getUint16(offset + 28, true);
    const skip = nameLength + data.getUint16(offset + 30, true) + data.getUint16(offset + 32, true);
    if (offset + 46 + skip > bytes.length) return null;
    const entry = {
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      flags: data.getUint16(offset + 8, true),
      method: data.getUint16(offset + 10, true),
      compressedSize: data.getUint32(offset + 20, true),
      size: data.getUint32(offset + 24, true),
      localOffset: data.getUint32(offset + 42, true),
    };
    const extra = offset + 46 + nameLength;
    if (!withZip64Sizes(data, entry, extra, extra + data.getUint16(offset + 30, true))) return null;
    entries.push(entry);
    offset += 46 + skip;
  }
  return entries;
}

/** A 64-bit little-endian field as a number; null past exact numbers (the caller checks bounds). */
function u64(data: DataView, at: number): number | null {
  const value = data.getBigUint64(at, true);
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}

/**
 * Where the central directory is and how many entries it holds: the end record's, or the ZIP64
 * end record's when its locator stands right before the end record (some spreadsheet writers
 * emit one even for small files). Null when the numbers point nowhere (damaged).
 */
function directoryOf(data: DataView, end: number): { count: number; offset: number } | null {
  const locator = end - ZIP64_LOCATOR_BYTES;
  if (locator < 0 || data.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE) {
    const count = data.getUint16(end + 10, true);
    const offset = data.getUint32(end + 16, true);
    // Saturated without a ZIP64 record to read the real numbers from.
    return count === 0xffff || offset === SATURATED ? null : { count, offset };
  }
  const record = u64(data, locator + 8);
  if (
    record === null ||
    record + ZIP64_END_RECORD_BYTES > locator ||
    data.getUint32(record, true) !== ZIP64_END_SIGNATURE
  )
    return null;
  const count = u64(data, record + 32);
  const offset = u64(data, record + 48);
  return count === null || offset === null ? null : { count, offset };
}

/**
 * Fills an entry's saturated sizes and offset from its ZIP64 extra field (`from`..`to` in the
 * central record), in the order the format gives them; false when one is missing or too large.
 */
function withZip64Sizes(
  data: DataView,
  entry: Pick<ZipEntry, 'size' | 'compressedSize' | 'localOffset'>,
  from: number,
  to: number,
): boolean {
  const fields = (['size', 'compressedSize', 'localOffset'] as const).filter(
    (field) => entry[field] === SATURATED,
  );
  if (fields.length === 0) return true;
  for (let at = from; at + 4 <= to;) {
    const id = data.getUint16(at, true);
    const length = data.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA_ID) {
      if (length < fields.length * 8 || at + 4 + length > to) return false;
      for (const [index, field] of fields.entries()) {
        const value = u64(data, at + 4 + index * 8);
        if (value === null) return false;
        entry[field] = value;
      }
      return true;
    }
    at += 4 + length;
  }
  return false;
}

/** The unpacked bytes of one entry. Throws UNREADABLE_WORKBOOK for encrypted, unknown or damaged data. */
export async function readZipEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  inflateRaw: InflateRaw,
): Promise<Uint8Array> {
  const data = view(bytes);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || data.getUint32(at, true) !== LOCAL_SIGNATURE)
    throw TargetFileError.unreadableWorkbook('it is damaged');
  if (entry.flags & 1) throw TargetFileError.unreadableWorkbook('it is encrypted');
  if (entry.size > WORKBOOK_LIMITS.entryBytes)
    throw TargetFileError.unreadableWorkbook('a part of it is too large');
  const start = at + 30 + data.getUint16(at + 26, true) + data.getUint16(at + 28, true);
  const packed = bytes.subarray(start, start + entry.compressedSize);
  if (packed.length !== entry.compressedSize) throw TargetFileError.unreadableWorkbook('it is damaged');
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
