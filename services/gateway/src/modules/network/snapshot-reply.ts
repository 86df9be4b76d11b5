import type { NetworkSnapshotRef, SnapshotEncoding } from '@warmpath/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createGunzip } from 'node:zlib';
import { chooseEncoding, etagMatches } from './content-negotiation.js';
import type { SnapshotBody } from './network-snapshot.service.js';

/**
 * Answers a network snapshot (own or pooled): 304 when the browser holds the current ETag, else
 * brotli or gzip as it accepts (decompressed for a client that accepts neither).
 */
export async function sendSnapshot(
  request: FastifyRequest,
  reply: FastifyReply,
  current: NetworkSnapshotRef,
  body: (encoding: SnapshotEncoding) => Promise<SnapshotBody>,
): Promise<void> {
  if (etagMatches(request.headers['if-none-match'], current.etag)) {
    setSnapshotHeaders(reply, current);
    await reply.status(304).send();
    return;
  }
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const { ref, bytes } = await body(encoding === 'identity' ? 'gzip' : encoding);
  setSnapshotHeaders(reply, ref);
  reply.header('content-type', 'application/json; charset=utf-8');
  if (encoding === 'identity') {
    const plain = createGunzip();
    plain.end(bytes);
    await reply.send(plain);
    return;
  }
  await reply.header('content-encoding', encoding).header('content-length', bytes.length).send(bytes);
}

/** Private (per user), revalidated at every use (product-spec §4: network data is stale at once). */
function setSnapshotHeaders(reply: FastifyReply, ref: NetworkSnapshotRef): void {
  reply
    .header('etag', ref.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Encoding, Cookie')
    .header('x-network-version', ref.version);
}
