import { TargetFileError } from './target-file-error.js';

// The few lines of ZIP a workbook needs (docs/targets.md#files): the central directory, and one
// entry's bytes unpacked by an inflater given by the caller (a web standard by default).

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
  const count = data.getUint16(end + 10, true);
  let offset = data.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff)
    throw TargetFileError.unreadableWorkbook('it uses the ZIP64 format');
  if (count > WORKBOOK_LIMITS.entries)
    throw TargetFileError.unreadableWorkbook(`it holds more than ${WORKBOOK_LIMITS.entries} parts`);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || data.getUint32(offset, true) !== CENTRAL_SIGNATURE) return null;
    const nameLength = data.getUint16(offset + 28, true);
    const skip = nameLength + data.getUint16(offset + 30, true) + data.getUint16(offset + 32, true);
    if (offset + 46 + skip > bytes.length) return null;
    entries.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      flags: data.getUint16(offset + 8, true),
      method: data.getUint16(offset + 10, true),
      compressedSize: data.getUint32(offset + 20, true),
      size: data.getUint32(offset + 24, true),
      localOffset: data.getUint32(offset + 42, true),
    });
    offset += 46 + skip;
  }
  return entries;
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
