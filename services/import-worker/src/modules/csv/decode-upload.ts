import {
  createUtf8Validator,
  detectFileEncoding,
  ENCODING_SAMPLE_BYTES,
  ImportFileError,
} from '@warmpath/domain';

interface TextDecoding {
  decode(chunk: Uint8Array): string;
  end(): string;
}

/**
 * The upload's bytes as text, chunk by chunk: the encoding is read from the head (UTF-8 with or
 * without a byte-order mark, UTF-16 from spreadsheets), binary files are refused, and UTF-8 is
 * decoded strictly so a Windows-1252 file is refused with its line instead of silently garbled.
 */
export async function* decodeUpload(source: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    yield* decodeChunks(iterator);
  } finally {
    // Stopped early (a bad file, a failed batch): release the upload stream too.
    await iterator.return?.();
  }
}

async function* decodeChunks(iterator: AsyncIterator<Uint8Array>): AsyncGenerator<string> {
  const headChunks: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < ENCODING_SAMPLE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    headChunks.push(next.value);
    headBytes += next.value.length;
  }
  const head = concat(headChunks, headBytes);
  const { encoding } = detectFileEncoding(head);
  if (encoding === 'binary') throw ImportFileError.binaryFile();
  const decoding = encoding === 'utf8' ? createUtf8Validator() : utf16Decoding(encoding);
  yield decoding.decode(head);
  while (!ended) {
    const next = await iterator.next();
    if (next.done) break;
    yield decoding.decode(next.value);
  }
  yield decoding.end();
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** UTF-16 as spreadsheets save it; a lone surrogate is as unreadable as invalid UTF-8. */
function utf16Decoding(encoding: 'utf16le' | 'utf16be'): TextDecoding {
  const decoder = new TextDecoder(encoding === 'utf16le' ? 'utf-16le' : 'utf-16be', { fatal: true });
  let lineFeeds = 0;
  const run = (decode: () => string): string => {
    let text: string;
    try {
      text = decode();
    } catch {
      throw ImportFileError.invalidUtf8(lineFeeds + 1);
    }
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineFeeds++;
    return text;
  };
  return {
    decode: (chunk) => run(() => decoder.decode(chunk, { stream: true })),
    end: () => run(() => decoder.decode()),
  };
}

/** Reads a whole (small) async source of text, for tests and error diagnosis. */
export async function collectText(source: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of source) text += chunk;
  return text;
}
