import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';

/**
 * GET /api/network never travels through NATS: 5,000 people are ~1.6 MB of JSON and NATS refuses
 * messages over 1 MB. The network service writes a compressed snapshot of the answer to Redis, once
 * per (user, network version), and replies with this small reference; the gateway streams the bytes.
 */
export const SNAPSHOT_ENCODINGS = ['br', 'gzip'] as const;
export const snapshotEncodingSchema = z.enum(SNAPSHOT_ENCODINGS);
export type SnapshotEncoding = z.infer<typeof snapshotEncodingSchema>;

/** The Redis hash of one snapshot has one field per encoding, written together (HSET) so both or neither exist. */
export const SNAPSHOT_FIELDS: Record<SnapshotEncoding, string> = { br: 'br', gzip: 'gzip' };

/**
 * Redis key (before REDIS_PREFIX, which both sides add through ioredis' keyPrefix) of a snapshot.
 * The fingerprint covers everything the JSON depends on (network version, own profile, day), so a
 * key never changes content: readers may cache its bytes for as long as they like.
 */
export const networkSnapshotKey = (userId: number, fingerprint: string) => `network:snapshot:${userId}:${fingerprint}`;

export const networkSnapshotRefSchema = z.object({
  /** Redis hash key holding the encodings (see SNAPSHOT_FIELDS). */
  key: z.string(),
  /** Weak ETag (W/"...") of the JSON; differs whenever the JSON differs. */
  etag: z.string(),
  /** The user's network version the snapshot was built from (network_versions). */
  version: z.string(),
  /** Sizes in bytes: the JSON, and each stored encoding. */
  bytes: z.object({ identity: z.number().int(), br: z.number().int(), gzip: z.number().int() }),
  connections: z.number().int(),
  relationships: z.number().int(),
});
export type NetworkSnapshotRef = z.infer<typeof networkSnapshotRefSchema>;

/** Building a 30,000-person snapshot takes seconds, not the bus' default 5 s budget. */
export const NETWORK_GRAPH_TIMEOUT_MS = 30_000;

export const getGraphRequestSchema = z.object({
  userId: z.number().int(),
  /** Set by a reader that did not find the bytes it was told of: look in Redis, not in memory. */
  recheck: z.boolean().optional(),
});

export const networkGraphContracts = {
  /** Ensures the snapshot of the caller's current network exists and answers where it is. */
  getGraph: defineRequest('network.graph.get', getGraphRequestSchema, networkSnapshotRefSchema),
};
