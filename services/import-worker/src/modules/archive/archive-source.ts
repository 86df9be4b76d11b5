import {
  ImportFileError,
  isZip,
  SIGNAL_FILE_NAMES,
  SIGNAL_FILES,
  type SignalFile,
  type ZipEntry,
  zipEntryData,
  ZipFormatError,
} from '@warmpath/domain';
import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import {
  ARCHIVE_LIMITS,
  findZipEntry,
  isSpreadsheet,
  readArchiveDirectory,
  type ArchiveLimits,
} from './zip-directory.js';

const STORED = 0;
const DEFLATED = 8;
/** Pieces of compressed data handed to the inflater: its output follows the reader's pace. */
const SLICE_BYTES = 64 * 1024;
/** Below this much output the ratio is not checked (a small file of blanks compresses very well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** An upload opened for import: its connections, and the member's own job history when it has one. */
export interface OpenedUpload {
  connections: AsyncIterable<Uint8Array>;
  /** Positions.csv's text when the upload is an archive holding one; null otherwise. */
  positions: () => Promise<string | null>;
  /** The archive's files of relationship signals that it holds (none for a CSV upload). */
  signalFiles: SignalEntry[];
}

/** A signal file of the archive, unpacked and streamed when read. */
export interface SignalEntry {
  file: SignalFile;
  /** The name it has in the archive. */
  name: string;
  bytes: () => AsyncIterable<Uint8Array>;
}

/**
 * An unpacked signal file's limit. messages.csv is by far the largest file of an archive (tens
 * of MB after years of messages); it is streamed, never held, so only the ratio and the archive's
 * own size bound it in practice.
 */
export const SIGNAL_FILE_MAX_BYTES = 1024 * 1024 * 1024;

/** Positions.csv is a few kB; more is not the member's job history. */
const POSITIONS_MAX_BYTES = 1024 * 1024;

/**
 * The bytes of the connections file of an upload: the upload itself when it is a CSV file, or
 * Connections.csv unpacked from it, streamed, when it is a ZIP archive (LinkedIn's data export).
 * Nothing else of an archive is read. Throws an ImportFileError for an archive without
 * Connections.csv, one past the limits of ARCHIVE_LIMITS, or a workbook (BINARY_FILE, as before).
 */
export async function connectionsSource(
  upload: AsyncIterable<Uint8Array>,
  fileName: string,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<AsyncIterable<Uint8Array>> {
  return (await openUpload(upload, fileName, limits)).connections;
}

/** connectionsSource, and the archive's Positions.csv (past colleagues) when there is one. */
export async function openUpload(
  upload: AsyncIterable<Uint8Array>,
  fileName: string,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<OpenedUpload> {
  const none = async (): Promise<null> => null;
  const iterator = upload[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return { connections: (async function* () {})(), positions: none, signalFiles: [] };
  if (!isZip(first.value))
    return { connections: prepend(first.value, iterator), positions: none, signalFiles: [] };
  const archive = await collect(first.value, iterator, limits.archiveBytes);
  const namedZip = /\.zip$/i.test(fileName.trim());
  let entries: ZipEntry[] | null;
  try {
    entries = readArchiveDirectory(archive, limits);
  } catch (error) {
    if (!(error instanceof ZipFormatError)) throw error;
    if (!namedZip) throw ImportFileError.binaryFile();
    throw ImportFileError.archiveUnreadable(error.message);
  }
  // A damaged archive, or a workbook renamed to .csv: the CSV reader's "not a text file" unless
  // the user meant to upload an archive.
  if (!entries || isSpreadsheet(entries)) {
    if (entries || !namedZip) throw ImportFileError.binaryFile();
    throw ImportFileError.archiveUnreadable('it is damaged or incomplete');
  }
  const entry = findZipEntry(entries, 'Connections.csv');
  if (!entry) throw ImportFileError.archiveWithoutConnections();
  const positions = findZipEntry(entries, 'Positions.csv');
  return {
    connections: entryBytes(archive, entry, limits),
    positions: async () => {
      if (!positions) return null;
      const bytes = entryBytes(archive, positions, { ...limits, entryBytes: POSITIONS_MAX_BYTES });
      const chunks: Uint8Array[] = [];
      for await (const chunk of bytes) chunks.push(chunk);
      return new TextDecoder().decode(Buffer.concat(chunks));
    },
    signalFiles: signalEntries(archive, entries, limits),
  };
}

/** The signal files present; an ambiguous one (two at the same depth) is left out, never fatal. */
function signalEntries(
  archive: Uint8Array,
  entries: readonly ZipEntry[],
  limits: ArchiveLimits,
): SignalEntry[] {
  const found: SignalEntry[] = [];
  for (const file of SIGNAL_FILES) {
    for (const fileName of SIGNAL_FILE_NAMES[file]) {
      let entry: ZipEntry | null;
      try {
        entry = findZipEntry(entries, fileName);
      } catch {
        entry = null;
      }
      if (!entry) continue;
      const named = entry;
      const entryLimits = { ...limits, entryBytes: SIGNAL_FILE_MAX_BYTES };
      found.push({ file, name: fileName, bytes: () => entryBytes(archive, named, entryLimits) });
      break;
    }
  }
  return found;
}

async function* prepend(first: Uint8Array, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield first;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    await rest.return?.();
  }
}

async function collect(
  first: Uint8Array,
  rest: AsyncIterator<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array> {
  const chunks = [first];
  let length = first.length;
  try {
    for (let next = await rest.next(); !next.done; next = await rest.next()) {
      length += next.value.length;
      if (length > maxBytes) throw ImportFileError.archiveTooLarge(`it is larger than ${mb(maxBytes)}`);
      chunks.push(next.value);
    }
  } finally {
    await rest.return?.();
  }
  return Buffer.concat(chunks, length);
}

const mb = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Checks what the directory claims before anything is unpacked. */
function checkEntry(entry: ZipEntry, limits: ArchiveLimits): void {
  const name = entry.name.split('/').pop() ?? entry.name;
  if (entry.flags & 1) throw ImportFileError.archiveUnreadable(`${name} is encrypted`);
  if (entry.method !== STORED && entry.method !== DEFLATED)
    throw ImportFileError.archiveUnreadable(`${name} is compressed with a method other than Deflate`);
  if (entry.size > limits.entryBytes)
    throw ImportFileError.archiveTooLarge(`${name} would unpack to more than ${mb(limits.entryBytes)}`);
  if (entry.size > RATIO_FLOOR_BYTES && entry.size > entry.compressedSize * limits.ratio)
    throw tooCompressed(name, limits);
}

const tooCompressed = (name: string, limits: ArchiveLimits): ImportFileError =>
  ImportFileError.archiveTooLarge(
    `${name} is compressed more than ${limits.ratio} times, as no real export is`,
  );

/**
 * An entry's unpacked bytes, streamed. The directory's sizes may lie, so the output is counted as
 * it comes: more than the entry claimed, than the per-entry limit, or than the ratio allows stops
 * the inflater at once; a CRC or size mismatch at the end is a damaged archive.
 */
export async function* entryBytes(
  archive: Uint8Array,
  entry: ZipEntry,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): AsyncGenerator<Uint8Array> {
  checkEntry(entry, limits);
  const name = entry.name.split('/').pop() ?? entry.name;
  let data: Uint8Array;
  try {
    data = zipEntryData(archive, entry);
  } catch (error) {
    if (error instanceof ZipFormatError) throw ImportFileError.archiveUnreadable(error.message);
    throw error;
  }
  const slices = (function* () {
    for (let i = 0; i < data.length; i += SLICE_BYTES) yield data.subarray(i, i + SLICE_BYTES);
  })();
  const output =
    entry.method === STORED ? Readable.from(slices) : Readable.from(slices).pipe(createInflateRaw());
  const allowed = Math.min(entry.size, limits.entryBytes);
  let produced = 0;
  let crc = 0;
  try {
    for await (const chunk of output as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > allowed) throw ImportFileError.archiveTooLarge(`${name} unpacks to more than it claims`);
      if (produced > RATIO_FLOOR_BYTES && produced > data.length * limits.ratio)
        throw tooCompressed(name, limits);
      crc = crc32(chunk, crc);
      yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw ImportFileError.archiveUnreadable('it is damaged');
  } finally {
    output.destroy();
  }
  if (produced !== entry.size || crc !== entry.crc32)
    throw ImportFileError.archiveUnreadable('it is damaged');
}
