import {
  COMPACT_NETWORK_MEDIA_TYPE,
  snapshotField,
  type NetworkSnapshotRef,
  type SnapshotField,
  type SnapshotRepresentation,
} from '@warmpath/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createGunzip } from 'node:zlib';
import { chooseEncoding, chooseRepresentation, etagMatches } from './content-negotiation.js';
import type { SnapshotBody } from './network-snapshot.service.js';

const CONTENT_TYPE: Record<SnapshotRepresentation, string> = {
  json: 'application/json; charset=utf-8',
  compact: COMPACT_NETWORK_MEDIA_TYPE,
};

/**
 * Answers a network snapshot (own or pooled) in the representation the client accepts (the plain
 * JSON, or the compact columns: chooseRepresentation), each with its own ETag: 304 when the
 * browser holds the current one, else brotli or gzip as it accepts (decompressed for a client that
 * accepts neither).
 */
export async function sendSnapshot(
  request: FastifyRequest,
  reply: FastifyReply,
  current: NetworkSnapshotRef,
  body: (field: SnapshotField) => Promise<SnapshotBody>,
): Promise<void> {
  const representation = chooseRepresentation(request.headers.accept);
  if (etagMatches(request.headers['if-none-match'], etagOf(current, representation))) {
    setSnapshotHeaders(reply, current, representation);
    await reply.status(304).send();
    return;
  }
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const { ref, bytes } = await body(
    snapshotField(representation, encoding === 'identity' ? 'gzip' : encoding),
  );
  setSnapshotHeaders(reply, ref, representation);
  reply.header('content-type', CONTENT_TYPE[representation]);
  if (encoding === 'identity') {
    const plain = createGunzip();
    plain.end(bytes);
    await reply.send(plain);
    return;
  }
  await reply.header('content-encoding', encoding).header('content-length', bytes.length).send(bytes);
}

const etagOf = (ref: NetworkSnapshotRef, representation: SnapshotRepresentation): string =>
  representation === 'json' ? ref.etag : ref.compact.etag;

/** Private (per user), revalidated at every use (docs/product.md#states: network data is stale at once). */
function setSnapshotHeaders(
  reply: FastifyReply,
  ref: NetworkSnapshotRef,
  representation: SnapshotRepresentation,
): void {
  reply
    .header('etag', etagOf(ref, representation))
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept, Accept-Encoding, Cookie')
    .header('x-network-version', ref.version);
}
