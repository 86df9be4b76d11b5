import { ServiceError } from '@warmpath/server-kit';
import type { SnapshotEncoding, TeamSplitRef } from '@warmpath/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createBrotliDecompress } from 'node:zlib';
import { chooseEncoding, etagMatches } from './content-negotiation.js';
import { SNAPSHOT_UNAVAILABLE } from './network-snapshot.service.js';

/** Reads one field of a stored base or patch; null when it is gone (expired, replaced). */
export type SplitBytes = (key: string, field: string) => Promise<Buffer | null>;

/** The stored encoding a client of this Accept-Encoding reads: brotli also for one that takes neither. */
export function storedEncodingFor(acceptEncoding: string | string[] | undefined): SnapshotEncoding {
  return chooseEncoding(acceptEncoding) === 'gzip' ? 'gzip' : 'br';
}

/**
 * Answers a workspace's base or a viewer's patch (docs/network-api.md): 304 when the client holds
 * the current ETag, else the stored brotli or gzip bytes as it accepts (the brotli decompressed for
 * a client that accepts neither: gzip is stored only once a client asks for it). Bytes gone between
 * the reference and the read are asked for once more (`recheck`: the network service looks in
 * Redis and stores them again); twice in a row is a 503.
 */
export async function sendSplit(
  request: FastifyRequest,
  reply: FastifyReply,
  contentType: string,
  current: TeamSplitRef,
  read: SplitBytes,
  recheck: () => Promise<TeamSplitRef>,
): Promise<void> {
  if (etagMatches(request.headers['if-none-match'], current.etag)) {
    splitHeaders(reply, current);
    await reply.status(304).send();
    return;
  }
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const stored = storedEncodingFor(request.headers['accept-encoding']);
  let ref = current;
  let bytes = await read(ref.key, ref.fields[stored]);
  if (!bytes) {
    ref = await recheck();
    bytes = await read(ref.key, ref.fields[stored]);
  }
  if (!bytes) throw new ServiceError('SERVICE_UNAVAILABLE', SNAPSHOT_UNAVAILABLE);
  splitHeaders(reply, ref);
  reply.header('content-type', contentType);
  if (encoding === 'identity') {
    const plain = createBrotliDecompress();
    plain.end(bytes);
    await reply.send(plain);
    return;
  }
  await reply.header('content-encoding', encoding).header('content-length', bytes.length).send(bytes);
}

/** As the pooled network's: private, revalidated at every use (docs/product.md#states). */
function splitHeaders(reply: FastifyReply, ref: TeamSplitRef): void {
  reply
    .header('etag', ref.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Encoding, Cookie')
    .header('x-network-version', ref.version);
}
