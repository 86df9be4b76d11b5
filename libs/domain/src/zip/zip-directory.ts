// The one reader of ZIP archives' directories (docs/import.md "The LinkedIn archive",
// docs/targets.md "Files"): the end record, ZIP64's end record and locator, each entry of the
// central directory with its ZIP64 sizes and offset, and where an entry's data lies. Unpacking is
// the caller's (a stream in the import worker, DecompressionStream for workbooks).

export interface ZipEntry {
  name: string;
  /** General-purpose flags: 1 encrypted, 8 sizes in a data descriptor (the directory has them too). */
  flags: number;
  /** 0 stored, 8 deflated. */
  method: number;
  crc32: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export type ZipProblem = 'damaged' | 'unsupported' | 'too-many-entries';

/**
 * Why an archive's directory cannot be read. `message` ends a sentence ("This ZIP archive cannot
 * be read: <message>.") and says exactly what is wrong, so nothing is lost on the way to the user.
 */
export class ZipFormatError extends Error {
  constructor(
    readonly problem: ZipProblem,
    message: string,
  ) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const END_RECORD_BYTES = 22;
const CENTRAL_RECORD_BYTES = 46;
const LOCAL_HEADER_BYTES = 30;
const ZIP64_LOCATOR_BYTES = 20;
const ZIP64_END_RECORD_BYTES = 56;
const MAX_COMMENT_BYTES = 0xffff;
/** The extra field holding an entry's 64-bit sizes and offset. */
const ZIP64_EXTRA_ID = 0x0001;
/** A 32-bit field at this value says "see the ZIP64 record" (a 16-bit one: 0xffff). */
const SATURATED = 0xffffffff;
const SATURATED_16 = 0xffff;

/** A local header or an end record first: what a ZIP archive starts with. */
export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const damaged = (why: string) => new ZipFormatError('damaged', why);

/** The end-of-central-directory record: searched backwards past an archive comment. */
function findEndRecord(view: DataView): number {
  const last = view.byteLength - END_RECORD_BYTES;
  for (let offset = last; offset >= Math.max(0, last - MAX_COMMENT_BYTES); offset--) {
    if (view.getUint32(offset, true) === END_SIGNATURE) return offset;
  }
  return -1;
}

/** A 64-bit little-endian field as a number, or the error `why` past exact numbers. */
function u64(view: DataView, at: number, why: string): number {
  const value = view.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged(why);
  return Number(value);
}

interface Directory {
  count: number;
  offset: number;
  size: number;
}

/**
 * Where the central directory is, its size and entry count: the end record's, or the ZIP64 end
 * record's when a locator stands right before the end record (some writers emit one even for a
 * small archive, with only some fields of the end record saturated).
 */
function directoryOf(view: DataView, end: number): Directory {
  if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0)
    throw new ZipFormatError('unsupported', 'it is split into several files (a spanned archive)');
  const locator = end - ZIP64_LOCATOR_BYTES;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE) {
    const count = view.getUint16(end + 10, true);
    const size = view.getUint32(end + 12, true);
    const offset = view.getUint32(end + 16, true);
    if (count === SATURATED_16 || size === SATURATED || offset === SATURATED)
      throw damaged('its end record refers to a ZIP64 end record that is missing');
    return { count, offset, size };
  }
  if (view.getUint32(locator + 16, true) > 1)
    throw new ZipFormatError('unsupported', 'it is split into several files (a spanned archive)');
  const record = u64(view, locator + 8, 'its ZIP64 locator points outside the file');
  if (record + ZIP64_END_RECORD_BYTES > locator) throw damaged('its ZIP64 locator points outside the file');
  if (view.getUint32(record, true) !== ZIP64_END_SIGNATURE)
    throw damaged('its ZIP64 locator does not point to a ZIP64 end record');
  const tooLarge = 'its ZIP64 end record holds numbers too large to be real';
  return {
    count: u64(view, record + 32, tooLarge),
    size: u64(view, record + 40, tooLarge),
    offset: u64(view, record + 48, tooLarge),
  };
}

const fileName = (entry: { name: string }): string => entry.name.split('/').pop() || entry.name;

/**
 * Fills an entry's saturated sizes and offset from its ZIP64 extra field (`from`..`to` in the
 * central record), in the order the format gives them: size, compressed size, local offset.
 */
function withZip64Fields(view: DataView, entry: ZipEntry, from: number, to: number): void {
  const fields = (['size', 'compressedSize', 'localOffset'] as const).filter(
    (field) => entry[field] === SATURATED,
  );
  if (fields.length === 0) return;
  for (let at = from; at + 4 <= to;) {
    const id = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA_ID) {
      if (length < fields.length * 8 || at + 4 + length > to)
        throw damaged(`the ZIP64 sizes of ${fileName(entry)} are cut short`);
      for (const [index, field] of fields.entries())
        entry[field] = u64(
          view,
          at + 4 + index * 8,
          `the ZIP64 sizes of ${fileName(entry)} are too large to be real`,
        );
      return;
    }
    at += 4 + length;
  }
  throw damaged(`the ZIP64 sizes of ${fileName(entry)} are missing`);
}

/**
 * The entries of an archive's central directory, ZIP64 or not; null when the bytes have no end
 * record (not an archive, or one cut short). Throws ZipFormatError when the records it has point
 * nowhere (`damaged`), when it spans several files (`unsupported`), or past `maxEntries`
 * (`too-many-entries`, before any entry is read).
 */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): ZipEntry[] | null {
  const view = viewOf(bytes);
  const end = bytes.length >= END_RECORD_BYTES ? findEndRecord(view) : -1;
  if (end === -1) return null;
  const directory = directoryOf(view, end);
  if (directory.count > maxEntries)
    throw new ZipFormatError('too-many-entries', `it holds more than ${maxEntries} entries`);
  if (directory.offset + directory.size > bytes.length)
    throw damaged('its central directory lies outside the file');
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let offset = directory.offset;
  for (let i = 0; i < directory.count; i++) {
    if (offset + CENTRAL_RECORD_BYTES > bytes.length || view.getUint32(offset, true) !== CENTRAL_SIGNATURE)
      throw damaged(`its central directory is damaged (entry ${i + 1} of ${directory.count})`);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const next = offset + CENTRAL_RECORD_BYTES + nameLength + extraLength + view.getUint16(offset + 32, true);
    if (next > bytes.length)
      throw damaged(`its central directory is damaged (entry ${i + 1} of ${directory.count})`);
    const name = offset + CENTRAL_RECORD_BYTES;
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(name, name + nameLength)),
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      crc32: view.getUint32(offset + 16, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      localOffset: view.getUint32(offset + 42, true),
    };
    withZip64Fields(view, entry, name + nameLength, name + nameLength + extraLength);
    entries.push(entry);
    offset = next;
  }
  return entries;
}

/**
 * An entry's data as stored (still compressed), past its local header, whose name and extra
 * field may differ in length from the directory's (a ZIP64 extra field, a data descriptor's
 * zeros). Its sizes are the directory's. Throws ZipFormatError `damaged`.
 */
export function zipEntryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = viewOf(bytes);
  const at = entry.localOffset;
  if (at + LOCAL_HEADER_BYTES > bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE)
    throw damaged(`the local header of ${fileName(entry)} is missing`);
  const start = at + LOCAL_HEADER_BYTES + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length)
    throw damaged(`${fileName(entry)} is incomplete (its data runs past the end of the file)`);
  return bytes.subarray(start, start + entry.compressedSize);
}
