import { ImportFileError } from './import-file-error.js';

export interface Utf8Validator {
  /** Decodes the next chunk (a character may span chunks); throws INVALID_UTF8 on bad bytes. */
  decode(chunk: Uint8Array): string;
  /** Ends the stream; throws INVALID_UTF8 when the file stops in the middle of a character. */
  end(): string;
}

/**
 * Strict, streaming UTF-8 decoding for uploads. A lenient decoder would silently turn a
 * Windows-1252 export into names full of "�"; refusing the file with the line to look at is
 * kinder. A leading byte-order mark is dropped.
 */
export function createUtf8Validator(): Utf8Validator {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // Line feeds already decoded, to say where the bad bytes are (1-based line of the file).
  let lineFeeds = 0;
  const run = (decode: () => string, chunk: Uint8Array): string => {
    let text: string;
    try {
      text = decode();
    } catch {
      const offset = Math.max(0, firstInvalidOffset(chunk));
      throw ImportFileError.invalidUtf8(lineFeeds + countLineFeeds(chunk, offset) + 1);
    }
    lineFeeds += countLineFeedsInText(text);
    return text;
  };
  return {
    decode: (chunk) => run(() => decoder.decode(chunk, { stream: true }), chunk),
    end: () => run(() => decoder.decode(), new Uint8Array(0)),
  };
}

function countLineFeeds(bytes: Uint8Array, end: number): number {
  let count = 0;
  for (let i = 0; i < end; i++) if (bytes[i] === 0x0a) count++;
  return count;
}

function countLineFeedsInText(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/**
 * Offset of the first invalid UTF-8 sequence in a chunk, -1 when none is found. Only used to
 * locate an error the decoder already reported. Leading continuation bytes may finish a
 * character begun in the previous chunk and are skipped; a sequence cut by the end of the chunk
 * is left for the next one.
 */
function firstInvalidOffset(bytes: Uint8Array): number {
  let i = 0;
  while (i < 3 && i < bytes.length && ((bytes[i] as number) & 0xc0) === 0x80) i++;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    if (length === 0) return i;
    if (length < 0) return -1;
    i += length;
  }
  return -1;
}

/** Length of the valid sequence at `start`, 0 when invalid, -1 when cut by the end of the chunk. */
function sequenceLength(bytes: Uint8Array, start: number): number {
  const lead = bytes[start] as number;
  if (lead < 0x80) return 1;
  // Ranges of the second byte per lead byte (RFC 3629): they exclude overlong forms,
  // UTF-16 surrogates and code points above U+10FFFF.
  let [continuations, low, high] = [0, 0x80, 0xbf];
  if (lead >= 0xc2 && lead <= 0xdf) continuations = 1;
  else if (lead === 0xe0) [continuations, low] = [2, 0xa0];
  else if (lead === 0xed) [continuations, high] = [2, 0x9f];
  else if (lead >= 0xe1 && lead <= 0xef) continuations = 2;
  else if (lead === 0xf0) [continuations, low] = [3, 0x90];
  else if (lead === 0xf4) [continuations, high] = [3, 0x8f];
  else if (lead >= 0xf1 && lead <= 0xf3) continuations = 3;
  else return 0;
  for (let k = 1; k <= continuations; k++) {
    if (start + k >= bytes.length) return -1;
    const byte = bytes[start + k] as number;
    if (byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return 0;
  }
  return continuations + 1;
}
