import { describe, expect, it } from '@jest/globals';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { brotliOfPieces, brotliSnapshot, LARGE_SNAPSHOT_BYTES } from './snapshot-representations.js';

const inflate = promisify(brotliDecompress);

/** A JSON-like text in pieces of uneven sizes, as a base's columns come. */
function piecesOf(totalBytes: number): string[] {
  const pieces: string[] = [];
  let bytes = 0;
  for (let index = 0; bytes < totalBytes; index++) {
    const size = 1 + ((index * 7919) % 400_000);
    const piece = Array.from({ length: Math.ceil(size / 24) }, (_, i) => `"Person ${index}-${i}"`).join(',');
    pieces.push(piece);
    bytes += piece.length;
  }
  return pieces;
}

async function* given(pieces: readonly string[], failAt = -1): AsyncGenerator<string> {
  for (let index = 0; index < pieces.length; index++) {
    if (index === failAt) throw new Error('the encoding failed');
    yield pieces[index] as string;
  }
}

describe('brotliOfPieces', () => {
  it('compresses a text of at most LARGE_SNAPSHOT_BYTES into the very bytes brotliSnapshot makes of it whole', async () => {
    const pieces = piecesOf(2 * 1024 * 1024);
    const whole = Buffer.from(pieces.join(''));
    expect(whole.length).toBeLessThanOrEqual(LARGE_SNAPSHOT_BYTES);
    const streamed = await brotliOfPieces(given(pieces));
    expect(streamed.equals(await brotliSnapshot(whole))).toBe(true);
  });

  it('compresses a longer text as its pieces come, into bytes that decompress to the whole text', async () => {
    const pieces = piecesOf(LARGE_SNAPSHOT_BYTES + 4 * 1024 * 1024);
    const whole = pieces.join('');
    expect(whole.length).toBeGreaterThan(LARGE_SNAPSHOT_BYTES);
    const streamed = await brotliOfPieces(given(pieces));
    expect((await inflate(streamed)).toString()).toBe(whole);
    // At brotliSnapshot's setting for a large text: about the size of its bytes of the whole.
    const once = await brotliSnapshot(Buffer.from(whole));
    expect(Math.abs(streamed.length - once.length) / once.length).toBeLessThan(0.05);
  });

  it('rejects with the error of pieces that fail, before and after it began to stream', async () => {
    const pieces = piecesOf(LARGE_SNAPSHOT_BYTES + 4 * 1024 * 1024);
    await expect(brotliOfPieces(given(pieces, 3))).rejects.toThrow('the encoding failed');
    await expect(brotliOfPieces(given(pieces, pieces.length - 2))).rejects.toThrow('the encoding failed');
  });
});
