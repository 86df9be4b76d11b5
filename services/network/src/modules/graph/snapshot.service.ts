import { Injectable } from '@nestjs/common';
import {
  NETWORK_SNAPSHOT_FORMAT,
  networkSnapshotKey,
  type NetworkData,
  type NetworkSnapshotRef,
} from '@warmpath/contracts';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { NetworkReader, utcDay } from './network-reader.service.js';
import { NetworkRepository } from './network.repository.js';
import { summariseCompanies, toOwnNode, type OwnProfile } from './network-view.mapper.js';
import { OwnProfileClient } from './own-profile.client.js';
import { SnapshotStore } from './snapshot.store.js';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Measured on a 5,000-person network (bench/src/api.bench.mjs): brotli 5 and gzip 6 compress in
 * tens of ms where brotli 11 takes seconds; the build runs once per version, the bytes are sent
 * at every read, so the middle settings are the trade.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
/**
 * Above this much JSON (~8,000 people) the fastest settings instead: on a 30,000-person snapshot
 * (~30 MB) brotli 5 takes ~1.3 s and gzip 6 ~0.6 s of CPU, brotli 1 and gzip 1 ~0.1-0.2 s for
 * ~1.5x the bytes. A big network is read a few times per version, right after its import.
 */
export const LARGE_SNAPSHOT_BYTES = 8 * 1024 * 1024;
const FAST_BROTLI_QUALITY = 1;
const FAST_GZIP_LEVEL = 1;
/** Snapshot references remembered in memory, so a repeated read skips Redis; oldest out first. */
const MAX_KNOWN_REFS = 5000;

/** Builds the compressed GET /api/network answer once per (user, network version, profile, day). */
@Injectable()
export class SnapshotService {
  private readonly building = new Map<string, Promise<NetworkSnapshotRef>>();
  private readonly known = new Map<string, NetworkSnapshotRef>();

  constructor(
    private readonly repository: NetworkRepository,
    private readonly reader: NetworkReader,
    private readonly profiles: OwnProfileClient,
    private readonly store: SnapshotStore,
  ) {}

  /**
   * The snapshot of the user's current network: known, found in Redis, or built and stored.
   * `recheck` skips the memory of known snapshots, for a reader who found one gone from Redis.
   */
  async ensure(userId: number, options: { recheck?: boolean; now?: Date } = {}): Promise<NetworkSnapshotRef> {
    const now = options.now ?? new Date();
    const [version, profile] = await Promise.all([
      this.repository.findVersion(userId),
      this.profiles.get(userId),
    ]);
    const key = networkSnapshotKey(userId, fingerprint(version, profile, now));
    const known = options.recheck ? undefined : this.known.get(key);
    if (known) return known;
    const stored = await this.store.readRef(key);
    if (stored) return this.remember(stored);
    let build = this.building.get(key);
    if (!build) {
      build = this.build(userId, version, profile, now)
        .then((ref) => this.remember(ref))
        .finally(() => this.building.delete(key));
      this.building.set(key, build);
    }
    return build;
  }

  private remember(ref: NetworkSnapshotRef): NetworkSnapshotRef {
    this.known.delete(ref.key);
    this.known.set(ref.key, ref);
    if (this.known.size > MAX_KNOWN_REFS) this.known.delete(this.known.keys().next().value as string);
    return ref;
  }

  private async build(
    userId: number,
    version: string,
    profile: OwnProfile,
    now: Date,
  ): Promise<NetworkSnapshotRef> {
    const network = await this.reader.current(userId, version, now);
    const data: NetworkData = {
      connections: [toOwnNode(profile), ...network.people],
      relationships: [...network.knowsLinks, ...network.companyLinks],
      companies: summariseCompanies(network.people),
    };
    const json = Buffer.from(JSON.stringify(data));
    const { br, gzip: gz } = await compressSnapshot(json);
    // The loaded network may be newer than the version read before: key it by what it contains.
    const ref: NetworkSnapshotRef = {
      key: networkSnapshotKey(userId, fingerprint(network.version, profile, now)),
      etag: snapshotEtag(br),
      version: network.version,
      bytes: { identity: json.length, br: br.length, gzip: gz.length },
      connections: data.connections.length,
      relationships: data.relationships.length,
    };
    await this.store.save(userId, ref, { br, gzip: gz });
    return ref;
  }
}

/** Both stored encodings of a snapshot's JSON, compressed in the thread pool. */
export async function compressSnapshot(json: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const large = json.length > LARGE_SNAPSHOT_BYTES;
  const [br, gz] = await Promise.all([
    brotliAsync(json, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: large ? FAST_BROTLI_QUALITY : BROTLI_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
    gzipAsync(json, { level: large ? FAST_GZIP_LEVEL : GZIP_LEVEL }),
  ]);
  return { br, gzip: gz };
}

/**
 * Hashing the compressed bytes names the same JSON alike (compression is deterministic) and reads
 * ~20x fewer bytes than the JSON itself (0.7 s for a 300,000-person network).
 */
export const snapshotEtag = (br: Buffer): string =>
  `W/"${createHash('sha256').update(br).digest('base64url').slice(0, 32)}"`;

/** Everything the JSON depends on besides the rows: the version, the own profile, the day (yearsConnected). */
function fingerprint(version: string, profile: OwnProfile, now: Date): string {
  const parts = [
    NETWORK_SNAPSHOT_FORMAT,
    version,
    utcDay(now),
    profile.firstName,
    profile.lastName,
    profile.email,
    profile.avatarUrl ?? '',
    profile.createdAt,
  ];
  return `${version}-${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 16)}`;
}
