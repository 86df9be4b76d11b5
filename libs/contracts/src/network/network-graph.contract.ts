import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';

/**
 * GET /api/network never travels through NATS: a network of a few thousand people is more JSON
 * than NATS accepts in one message. The network service writes a compressed snapshot of the answer
 * to Redis, once per (user, network version), and replies with this small reference; the gateway
 * streams the bytes.
 */
export const SNAPSHOT_ENCODINGS = ['br', 'gzip'] as const;
export const snapshotEncodingSchema = z.enum(SNAPSHOT_ENCODINGS);
export type SnapshotEncoding = z.infer<typeof snapshotEncodingSchema>;

/**
 * A snapshot is stored in two representations of the same network: the plain JSON (the default)
 * and the compact columns (libs/domain network-codec) a client asks for with
 * `Accept: application/vnd.warmpath.network.v1+json`.
 */
export const SNAPSHOT_REPRESENTATIONS = ['json', 'compact'] as const;
export const snapshotRepresentationSchema = z.enum(SNAPSHOT_REPRESENTATIONS);
export type SnapshotRepresentation = z.infer<typeof snapshotRepresentationSchema>;

/**
 * The media type of the compact representation, version 1 (COMPACT_NETWORK_VERSION in libs/domain).
 * A new version is a new media type: a client names the one it decodes, and a server that does
 * not have it answers the plain JSON, which every client reads.
 */
export const COMPACT_NETWORK_MEDIA_TYPE = 'application/vnd.warmpath.network.v1+json';

/**
 * The Redis hash of one snapshot has one field per representation and encoding (`br`, `gzip`,
 * `compact-br`, `compact-gzip`), written together (HSET) so all or none exist.
 */
export type SnapshotField = SnapshotEncoding | `compact-${SnapshotEncoding}`;
export const snapshotField = (
  representation: SnapshotRepresentation,
  encoding: SnapshotEncoding,
): SnapshotField => (representation === 'json' ? encoding : `compact-${encoding}`);

/**
 * Redis key (before REDIS_PREFIX, which both sides add through ioredis' keyPrefix) of a snapshot.
 * The fingerprint covers everything the JSON depends on (network version, own profile, day), so a
 * key never changes content: readers may cache its bytes for as long as they like.
 */
export const networkSnapshotKey = (userId: number, fingerprint: string) =>
  `network:snapshot:${userId}:${fingerprint}`;

const snapshotBytesSchema = z.object({
  identity: z.number().int(),
  br: z.number().int(),
  gzip: z.number().int(),
});

export const networkSnapshotRefSchema = z.object({
  /** Redis hash key holding the representations and encodings (see snapshotField). */
  key: z.string(),
  /**
   * Weak ETag (W/"...") of the JSON; differs whenever the JSON differs. A pooled snapshot's is
   * derived from its key, so it is the same before and after its JSON is built.
   */
  etag: z.string(),
  /** The user's network version the snapshot was built from (network_versions). */
  version: z.string(),
  /**
   * Sizes in bytes: the JSON, and each stored encoding. null while a pooled snapshot's JSON is not
   * built yet (built on its first ask: getTeamGraphRequestSchema's `representation`).
   */
  bytes: snapshotBytesSchema.nullable(),
  /** The compact representation: its own ETag (never the JSON's) and sizes. */
  compact: z.object({ etag: z.string(), bytes: snapshotBytesSchema }),
  connections: z.number().int(),
  relationships: z.number().int(),
});
export type NetworkSnapshotRef = z.infer<typeof networkSnapshotRefSchema>;

/**
 * The read path without NATS: the network service publishes a pointer to the user's current
 * snapshot in Redis, and the gateway serves it while it is provably current:
 * - `generation` is the user's snapshot generation (networkGenerationKey) read *before* the network
 *   version the snapshot was built from. Every writer of the network bumps the generation after its
 *   commit and before it answers, so a pointer built from an older version carries an older
 *   generation than the one a reader sees after that write was answered (a slow build can never
 *   publish a pointer that passes as current). The network service also refuses to publish a pointer
 *   whose generation is no longer the current one.
 * - `day` is the UTC day of the snapshot's `yearsConnected` (a new day needs a new snapshot).
 * - `validUntil` (epoch ms) bounds how old the own node's profile (name, email, picture: the auth
 *   service's) may get: the profile cache's expiry, so a renamed user sees the change as soon as
 *   through the network service (OwnProfileClient's PROFILE_TTL_MS).
 * A pointer failing any check is ignored: the reader asks `network.graph.get` instead.
 */
export const networkSnapshotPointerSchema = z.object({
  ref: networkSnapshotRefSchema,
  generation: z.string(),
  day: z.string(),
  validUntil: z.number(),
});
export type NetworkSnapshotPointer = z.infer<typeof networkSnapshotPointerSchema>;

/** Redis key (before REDIS_PREFIX) of the user's snapshot generation: a counter, missing = "0". */
export const networkGenerationKey = (userId: number) => `network:snapshot-generation:${userId}`;
/**
 * The snapshot JSON's shape. Bump it when the shape changes: snapshots and pointers of another
 * format are then never served again (the pointer key carries it), whatever their generation.
 * 2: company links derived on read (ids `<sourceId>-<targetId>`, createdAt the later person's).
 * 3: the compact representation stored beside the JSON (`compact` in the reference).
 */
export const NETWORK_SNAPSHOT_FORMAT = '3';

/** Redis key (before REDIS_PREFIX) of the user's NetworkSnapshotPointer (JSON). */
export const networkSnapshotPointerKey = (userId: number) =>
  `network:snapshot-pointer:v${NETWORK_SNAPSHOT_FORMAT}:${userId}`;

/** Whether a pointer may be served: same generation as now, same UTC day, profile still fresh. */
export function isPointerCurrent(
  pointer: NetworkSnapshotPointer,
  generation: string | null,
  now: Date,
): boolean {
  return (
    pointer.generation === (generation ?? '0') &&
    pointer.day === now.toISOString().slice(0, 10) &&
    now.getTime() < pointer.validUntil
  );
}

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
