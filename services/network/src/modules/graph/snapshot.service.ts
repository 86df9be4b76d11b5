import { Injectable } from '@nestjs/common';
import {
  NETWORK_SNAPSHOT_FORMAT,
  networkSnapshotKey,
  type NetworkData,
  type NetworkSnapshotRef,
} from '@warmpath/contracts';
import { createHash } from 'node:crypto';
import { NetworkReader, utcDay } from './network-reader.service.js';
import { NetworkRepository } from './network.repository.js';
import { summariseCompanies, toOwnNode, type OwnProfile } from './network-view.mapper.js';
import { OwnProfileClient } from './own-profile.client.js';
import { snapshotRepresentations } from './snapshot-representations.js';
import { SnapshotStore } from './snapshot.store.js';

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
    const bytes = await snapshotRepresentations(data, userId);
    // The loaded network may be newer than the version read before: key it by what it contains.
    const ref: NetworkSnapshotRef = {
      key: networkSnapshotKey(userId, fingerprint(network.version, profile, now)),
      version: network.version,
      ...bytes.ref,
      connections: data.connections.length,
      relationships: data.relationships.length,
    };
    await this.store.save(userId, ref, bytes.blobs);
    return ref;
  }
}

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
