export type FileEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'binary';

export interface DetectedEncoding {
  encoding: FileEncoding;
  /** A byte-order mark starts the file; the decoder must skip it. */
  hasBom: boolean;
}

/** How much of the head is inspected: enough to see past a LinkedIn preamble. */
export const ENCODING_SAMPLE_BYTES = 8192;

// Spreadsheets, archives and documents users upload by mistake, recognised by their first bytes.
const BINARY_SIGNATURES: readonly (readonly number[])[] = [
  [0x50, 0x4b, 0x03, 0x04], // zip, so also .xlsx and .numbers
  [0xd0, 0xcf, 0x11, 0xe0], // legacy Office (.xls)
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x1f, 0x8b], // gzip
];

/** Share of control bytes above which a head is not text, whatever its encoding claims. */
const MAX_CONTROL_RATIO = 0.1;
/** UTF-16 text of mostly Latin script has a NUL in nearly every other byte. */
const MIN_UTF16_NUL_RATIO = 0.3;

/**
 * Encoding of an uploaded file from its first bytes. UTF-16 files contain NUL bytes, so they
 * are recognised (by byte-order mark, or by NULs in alternate positions) before NULs are taken
 * as the sign of a binary file: more than 10% NULs and control bytes, a trailing run of NULs
 * (a truncated download) not counted.
 */
export function detectFileEncoding(head: Uint8Array): DetectedEncoding {
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return { encoding: 'utf8', hasBom: true };
  if (startsWith(head, [0xff, 0xfe])) return { encoding: 'utf16le', hasBom: true };
  if (startsWith(head, [0xfe, 0xff])) return { encoding: 'utf16be', hasBom: true };
  if (BINARY_SIGNATURES.some((signature) => startsWith(head, signature)))
    return { encoding: 'binary', hasBom: false };
  const sample = withoutTrailingNuls(head.subarray(0, ENCODING_SAMPLE_BYTES));
  const counts = countBytes(sample);
  const pairs = Math.floor(sample.length / 2);
  // A few NULs on the "wrong" side are real characters (U+0100, U+2000 ...), not noise.
  const { evenNuls, oddNuls } = counts;
  if (oddNuls >= pairs * MIN_UTF16_NUL_RATIO && evenNuls * 10 < oddNuls)
    return { encoding: 'utf16le', hasBom: false };
  if (evenNuls >= pairs * MIN_UTF16_NUL_RATIO && oddNuls * 10 < evenNuls)
    return { encoding: 'utf16be', hasBom: false };
  // A few NULs inside the text are damage the row rules report (the rows holding them are skipped).
  const isBinary = evenNuls + oddNuls + counts.controls > sample.length * MAX_CONTROL_RATIO;
  return { encoding: isBinary ? 'binary' : 'utf8', hasBom: false };
}

/** A truncated download ends in NUL bytes where the rest never arrived: not a sign of binary. */
function withoutTrailingNuls(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return end === bytes.length ? bytes : bytes.subarray(0, end);
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

function countBytes(sample: Uint8Array): { evenNuls: number; oddNuls: number; controls: number } {
  let evenNuls = 0;
  let oddNuls = 0;
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const byte = sample[i] as number;
    if (byte === 0) {
      if (i % 2 === 0) evenNuls++;
      else oddNuls++;
    } else if (isControl(byte)) {
      controls++;
    }
  }
  return { evenNuls, oddNuls, controls };
}

/** C0 controls other than tab, line feed, form feed and carriage return, plus DEL. */
function isControl(byte: number): boolean {
  return (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f;
}
