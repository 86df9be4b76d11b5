import { snapshotField, type NetworkSnapshotRef, type SnapshotField } from '@warmpath/contracts';
import { encodeNetwork, type WireNetwork } from '@warmpath/domain';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliDecompress,
  createBrotliCompress,
  constants as zlib,
  gzip,
  type BrotliCompress,
} from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const brotliDecompressAsync = promisify(brotliDecompress);

/**
 * Measured on a 5,000-person network (bench/src/api.bench.mjs): brotli 5 and gzip 6 compress in
 * tens of ms where brotli 11 takes seconds; the build runs once per version, the bytes are sent
 * at every read, so the middle settings are the trade.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
/**
 * Above this much JSON (~8,000 people) the fastest settings instead: on a large snapshot they
 * take a fraction of the CPU for somewhat more bytes
 * (docs/performance.md#figures-behind-choices-in-the-code). A big network is read a few times per
 * version, right after its import.
 */
export const LARGE_SNAPSHOT_BYTES = 8 * 1024 * 1024;
const FAST_BROTLI_QUALITY = 1;
const FAST_GZIP_LEVEL = 1;

/** The stored bytes of a snapshot, by Redis hash field. */
export type SnapshotBlobs = Record<SnapshotField, Buffer>;
/** The stored bytes of one representation: a pooled snapshot may hold the compact one only. */
export type RepresentationBlobs = Partial<SnapshotBlobs>;

/** What a snapshot reference says of its bytes (the rest of it is the builder's). */
export type SnapshotBytesRef = Pick<NetworkSnapshotRef, 'etag' | 'bytes' | 'compact'>;

/**
 * A network view as the bytes of every representation a reader may ask for: the plain JSON and
 * the compact columns (libs/domain encodeNetwork), each brotli and gzip, each with its own ETag.
 * `companyLinksOwner` is the user whose deriveCompanyLinks made the view's company links (the
 * own network's user, a pooled network's viewer): the compact form leaves them to the reader.
 */
export async function snapshotRepresentations(
  view: WireNetwork,
  companyLinksOwner: number,
): Promise<{ ref: SnapshotBytesRef; blobs: SnapshotBlobs }> {
  const [json, compact] = await Promise.all([
    jsonRepresentation(view),
    compactRepresentation(view, companyLinksOwner),
  ]);
  return {
    ref: { etag: json.etag, bytes: json.bytes, compact: compact.ref },
    blobs: { ...json.blobs, ...compact.blobs } as SnapshotBlobs,
  };
}

/** The plain JSON of a network view, brotli and gzip, with the ETag of its bytes. */
export async function jsonRepresentation(view: WireNetwork): Promise<{
  etag: string;
  bytes: NonNullable<NetworkSnapshotRef['bytes']>;
  blobs: RepresentationBlobs;
}> {
  const json = Buffer.from(JSON.stringify(view));
  const plain = await compressSnapshot(json);
  return {
    etag: snapshotEtag(plain.br),
    bytes: { identity: json.length, br: plain.br.length, gzip: plain.gzip.length },
    blobs: { [snapshotField('json', 'br')]: plain.br, [snapshotField('json', 'gzip')]: plain.gzip },
  };
}

/** The compact columns of a network view (what the web app reads), brotli and gzip, with their ETag. */
export async function compactRepresentation(
  view: WireNetwork,
  companyLinksOwner: number,
): Promise<{ ref: NetworkSnapshotRef['compact']; blobs: RepresentationBlobs }> {
  const compact = Buffer.from(JSON.stringify(encodeNetwork(view, { companyLinksOwner })));
  const columns = await compressSnapshot(compact);
  return {
    ref: {
      etag: snapshotEtag(columns.br),
      bytes: { identity: compact.length, br: columns.br.length, gzip: columns.gzip.length },
    },
    blobs: {
      [snapshotField('compact', 'br')]: columns.br,
      [snapshotField('compact', 'gzip')]: columns.gzip,
    },
  };
}

/** Both stored encodings of a representation's bytes, compressed in the thread pool. */
export async function compressSnapshot(text: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([brotliSnapshot(text), gzipSnapshot(text)]);
  return { br, gzip: gz };
}

/** The brotli bytes of a representation, as compressSnapshot makes them (in the thread pool). */
export function brotliSnapshot(text: Buffer): Promise<Buffer> {
  return brotliAsync(text, { params: brotliParams(text.length) });
}

/**
 * brotli's settings for a text of `bytes`: the fastest quality past LARGE_SNAPSHOT_BYTES. With
 * `whole`, the size is the text's (a hint to the encoder); without, it is what was seen so far.
 */
function brotliParams(bytes: number, whole = true): Record<number, number> {
  return {
    [zlib.BROTLI_PARAM_QUALITY]: bytes > LARGE_SNAPSHOT_BYTES ? FAST_BROTLI_QUALITY : BROTLI_QUALITY,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    ...(whole ? { [zlib.BROTLI_PARAM_SIZE_HINT]: bytes } : {}),
  };
}

/** Output chunks of a streamed compression: fewer trips to the thread pool than the default 16 kB. */
const STREAM_CHUNK_BYTES = 256 * 1024;
/**
 * Pieces are gathered into blocks of at least this much before they are written to a streamed
 * compression: brotli's fastest setting compresses each write on its own, and a column's small
 * pieces written one by one made 12 % more bytes; blocks of 1 MB make as many as the whole text
 * (docs/workspace-network.md "The base's text streamed into brotli").
 */
const STREAM_BLOCK_BYTES = 1024 * 1024;

/**
 * brotliSnapshot of a text given in pieces (libs/domain's compactJsonPieces), which never holds the
 * whole text (docs/workspace-network.md "The base's text streamed into brotli"): a text of at most
 * LARGE_SNAPSHOT_BYTES is gathered and compressed as brotliSnapshot does (the very same bytes); past
 * that, at brotliSnapshot's setting for a large text, the pieces are compressed as they come, in
 * blocks, the next made once the compressor took the last. Rejects, and stops compressing, when the
 * pieces fail.
 */
export async function brotliOfPieces(pieces: AsyncIterable<string>): Promise<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let stream: BrotliCompress | null = null;
  let ended: Promise<void> | null = null;
  const out: Buffer[] = [];
  const writeHeld = async (into: BrotliCompress) => {
    const block = held.length === 1 ? (held[0] as Buffer) : Buffer.concat(held, heldBytes);
    held = [];
    heldBytes = 0;
    if (!into.write(block)) await once(into, 'drain');
  };
  try {
    for await (const piece of pieces) {
      const bytes = Buffer.from(piece);
      held.push(bytes);
      heldBytes += bytes.length;
      if (stream) {
        if (heldBytes >= STREAM_BLOCK_BYTES) await writeHeld(stream);
        continue;
      }
      if (heldBytes <= LARGE_SNAPSHOT_BYTES) continue;
      // Past LARGE_SNAPSHOT_BYTES already: brotliSnapshot's setting for a large text.
      stream = createBrotliCompress({
        chunkSize: STREAM_CHUNK_BYTES,
        params: brotliParams(heldBytes, false),
      });
      stream.on('data', (chunk: Buffer) => out.push(chunk));
      ended = finished(stream);
      // Kept from an unhandled rejection until awaited below; a failure still rejects there.
      ended.catch(() => undefined);
      await writeHeld(stream);
    }
    if (!stream || !ended) return await brotliSnapshot(Buffer.concat(held, heldBytes));
    if (heldBytes > 0) await writeHeld(stream);
  } catch (error) {
    stream?.destroy();
    throw error;
  }
  stream.end();
  await ended;
  return Buffer.concat(out);
}

/** The gzip bytes of a representation, as compressSnapshot makes them (in the thread pool). */
export function gzipSnapshot(text: Buffer): Promise<Buffer> {
  return gzipAsync(text, { level: text.length > LARGE_SNAPSHOT_BYTES ? FAST_GZIP_LEVEL : GZIP_LEVEL });
}

/**
 * The gzip bytes of a representation stored as brotli only, made from it (docs/workspace-network.md
 * "Wiring: one build across replicas"): the very bytes compressSnapshot gives for the same text.
 */
export async function gzipFromBrotli(br: Buffer): Promise<Buffer> {
  return gzipSnapshot(await brotliDecompressAsync(br));
}

/**
 * Hashing the compressed bytes names the same text alike (compression is deterministic) and reads
 * far fewer bytes than the text itself (docs/performance.md#figures-behind-choices-in-the-code). The two
 * representations are different texts, so their ETags differ.
 */
export const snapshotEtag = (br: Buffer): string =>
  `W/"${createHash('sha256').update(br).digest('base64url').slice(0, 32)}"`;
