import { TARGET_LIST_LIMITS } from '@warmpath/contracts';
import { detectFileEncoding } from '../import/detect-file-encoding.js';
import { createUtf8Validator } from '../import/utf8-validator.js';
import { parseCsvText } from './csv-text.js';
import { type ReadSheetOptions, readTargetSheet, type TargetSheet } from './parse-targets.js';
import { TargetFileError } from './target-file-error.js';
import { isOpenDocument, isWorkbook, readXlsxRows } from './xlsx-sheet.js';
import { isZip, type ZipEntry, ZipFormatError } from '../zip/zip-directory.js';
import { type InflateRaw, readZipEntries } from './zip-entries.js';

export interface ReadTargetFileOptions extends ReadSheetOptions {
  maxBytes?: number;
  /** How DEFLATE data is unpacked; DecompressionStream by default (a server may pass zlib's). */
  inflateRaw?: InflateRaw;
}

/** What a file that is neither text nor a workbook is, by its first bytes. */
const BINARY_KINDS: readonly (readonly [readonly number[], string])[] = [
  [[0xd0, 0xcf, 0x11, 0xe0], 'an old Excel (.xls) file or a password-protected workbook'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [[0x89, 0x50, 0x4e, 0x47], 'an image'],
  [[0xff, 0xd8, 0xff], 'an image'],
  [[0x1f, 0x8b], 'a compressed (gzip) file'],
];

/**
 * Targets of an uploaded file, CSV (UTF-8 or UTF-16, comma, semicolon or tab separated) or .xlsx
 * (its first worksheet), told apart by content, not by name (docs/targets.md#files). Pure over
 * the bytes: nothing is stored. Throws TargetFileError: FILE_TOO_LARGE, EMPTY_FILE,
 * UNSUPPORTED_FILE, INVALID_UTF8, UNTERMINATED_QUOTE, UNREADABLE_WORKBOOK, NO_TARGET_COLUMN,
 * TOO_MANY_ROWS.
 */
export async function readTargetFile(
  bytes: Uint8Array,
  options: ReadTargetFileOptions = {},
): Promise<TargetSheet> {
  const maxBytes = options.maxBytes ?? TARGET_LIST_LIMITS.bytes;
  if (bytes.length > maxBytes) throw TargetFileError.tooLarge(bytes.length, maxBytes);
  if (bytes.length === 0) throw TargetFileError.empty();
  if (isZip(bytes)) {
    let entries: ZipEntry[] | null;
    try {
      entries = readZipEntries(bytes);
    } catch (error) {
      if (!(error instanceof ZipFormatError)) throw error;
      throw TargetFileError.unsupported(`a damaged ZIP archive (${error.message})`);
    }
    if (entries && isWorkbook(entries))
      return readTargetSheet(await readXlsxRows(bytes, entries, options.inflateRaw), options);
    if (entries && isOpenDocument(entries))
      throw TargetFileError.unsupported('an OpenDocument spreadsheet (.ods)');
    throw TargetFileError.unsupported(entries ? 'a ZIP archive' : 'a damaged ZIP archive');
  }
  return readTargetSheet(parseCsvText(decodeText(bytes)), options);
}

/** The text of a CSV file; UTF-8 strictly (a Windows-1252 file would otherwise turn names to "�"). */
function decodeText(bytes: Uint8Array): string {
  const { encoding, hasBom } = detectFileEncoding(bytes);
  if (encoding === 'binary') {
    const kind = BINARY_KINDS.find(([signature]) => signature.every((byte, i) => bytes[i] === byte));
    throw TargetFileError.unsupported(kind?.[1] ?? 'a binary file');
  }
  if (encoding !== 'utf8')
    return new TextDecoder(encoding === 'utf16le' ? 'utf-16le' : 'utf-16be').decode(bytes);
  // Line by line (a line feed is never inside a UTF-8 character), so the error says where.
  const validator = createUtf8Validator();
  const parts: string[] = [];
  let start = hasBom ? 3 : 0;
  for (let line = 1; start <= bytes.length; line++) {
    let end = bytes.indexOf(0x0a, start);
    end = end === -1 ? bytes.length : end + 1;
    try {
      parts.push(validator.decode(bytes.subarray(start, end)));
      if (end === bytes.length) parts.push(validator.end());
    } catch {
      throw TargetFileError.invalidUtf8(line);
    }
    if (end === bytes.length) break;
    start = end;
  }
  return parts.join('');
}
