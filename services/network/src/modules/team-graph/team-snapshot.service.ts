import { Injectable } from '@nestjs/common';
import {
  teamSnapshotKey,
  teamSnapshotKeyPrefix,
  type NetworkSnapshotRef,
  type SnapshotRepresentation,
  type TeamNetworkData,
} from '@warmpath/contracts';
import { createHash } from 'node:crypto';
import { compactRepresentation, jsonRepresentation } from '../graph/snapshot-representations.js';
import { SnapshotStore } from '../graph/snapshot.store.js';
import { TeamNetworks, type PooledTeamNetwork, type TeamState } from './team-networks.service.js';

/** Snapshot references remembered in memory, so a repeated read skips Redis; oldest out first. */
const MAX_KNOWN_REFS = 5000;

/** Redis key (before REDIS_PREFIX) naming a viewer's current pooled snapshot of a workspace. */
const currentTeamKey = (teamId: number, userId: number) =>
  `network:team-snapshot-current:${teamId}:${userId}`;

/**
 * GET /api/teams/{id}/network as GET /api/network is served: the pooled network built once per
 * (workspace, viewer, fingerprint), compressed, stored in Redis; the gateway streams the bytes.
 * A build stores the compact representation only (the web app reads nothing else); the plain JSON,
 * whose stringify and compression cost as much as the rest of a rebuild's snapshot, is added to
 * the same hash when a reader first asks for it, so a member's import reaches the app sooner.
 */
@Injectable()
export class TeamSnapshotService {
  private readonly building = new Map<string, Promise<NetworkSnapshotRef>>();
  private readonly addingJson = new Map<string, Promise<NetworkSnapshotRef>>();
  private readonly known = new Map<string, NetworkSnapshotRef>();

  constructor(
    private readonly teams: TeamNetworks,
    private readonly store: SnapshotStore,
  ) {}

  /**
   * The snapshot of the viewer's current pooled network: known, found in Redis, or built and
   * stored. `representation: 'json'` also has its JSON stored before answering.
   */
  async ensure(
    viewerId: number,
    teamId: number,
    options: { recheck?: boolean; representation?: SnapshotRepresentation; now?: Date } = {},
  ): Promise<NetworkSnapshotRef> {
    const state = await this.teams.state(viewerId, teamId, options.now);
    const ref = await this.ensureCompact(state, options.recheck === true);
    if (options.representation !== 'json' || ref.bytes !== null) return ref;
    let adding = this.addingJson.get(ref.key);
    if (!adding) {
      adding = this.addJson(state, ref)
        .then((full) => this.remember(full))
        .finally(() => this.addingJson.delete(ref.key));
      this.addingJson.set(ref.key, adding);
    }
    return adding;
  }

  /** Drops a deleted workspace's snapshots from memory and Redis. */
  async forget(teamId: number): Promise<void> {
    const prefix = teamSnapshotKeyPrefix(teamId);
    const keys = [...this.known.keys()].filter((key) => key.startsWith(prefix));
    for (const key of keys) this.known.delete(key);
    await this.store.remove(keys);
  }

  private async ensureCompact(state: TeamState, recheck: boolean): Promise<NetworkSnapshotRef> {
    const key = teamSnapshotKey(state.teamId, state.viewerId, state.fingerprint);
    const known = recheck ? undefined : this.known.get(key);
    if (known) return known;
    const stored = await this.store.readRef(key);
    if (stored) return this.remember(stored);
    let build = this.building.get(key);
    if (!build) {
      build = this.build(state)
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

  /** Builds and stores the compact representation; the JSON waits for its first ask (`bytes` null). */
  private async build(state: TeamState): Promise<NetworkSnapshotRef> {
    const network = await this.teams.pooled(state);
    const data = teamNetworkData(network);
    const compact = await compactRepresentation(data, network.state.viewerId);
    const ref = refOf(network, data, compact.ref, null);
    await this.store.saveAs(currentKeyOf(network), ref, compact.blobs);
    return ref;
  }

  /**
   * Adds the JSON to the stored snapshot `ref` names. The pooled network comes from memory when
   * it is still current; if it has moved on since `ref` (a member's network loaded newer), or the
   * snapshot is gone from Redis (expired, replaced), the network in hand is stored whole instead:
   * never a hash with some fields and no TTL, never JSON under a key it does not match.
   */
  private async addJson(state: TeamState, ref: NetworkSnapshotRef): Promise<NetworkSnapshotRef> {
    // Another replica of this service may have added it since this one read the reference.
    const stored = await this.store.readRef(ref.key);
    if (stored?.bytes) return stored;
    const network = await this.teams.pooled(state);
    const data = teamNetworkData(network);
    const json = await jsonRepresentation(data);
    if (keyOf(network) === ref.key) {
      const full: NetworkSnapshotRef = { ...ref, bytes: json.bytes };
      if (await this.store.addFields(ref.key, full, json.blobs)) return full;
    }
    const compact = await compactRepresentation(data, network.state.viewerId);
    const whole = refOf(network, data, compact.ref, json.bytes);
    await this.store.saveAs(currentKeyOf(network), whole, { ...json.blobs, ...compact.blobs });
    return whole;
  }
}

const keyOf = ({ state }: PooledTeamNetwork): string =>
  teamSnapshotKey(state.teamId, state.viewerId, state.fingerprint);

const currentKeyOf = ({ state }: PooledTeamNetwork): string => currentTeamKey(state.teamId, state.viewerId);

/** A pooled snapshot's reference; `bytes` (the JSON's sizes) null while its JSON is not stored. */
function refOf(
  network: PooledTeamNetwork,
  data: TeamNetworkData,
  compact: NetworkSnapshotRef['compact'],
  bytes: NetworkSnapshotRef['bytes'],
): NetworkSnapshotRef {
  const key = keyOf(network);
  return {
    key,
    etag: teamJsonEtag(key),
    version: network.state.fingerprint,
    bytes,
    compact,
    connections: data.connections.length,
    relationships: data.relationships.length,
  };
}

/**
 * The ETag of a pooled snapshot's JSON, known before the JSON is built and unchanged after: the
 * key carries the fingerprint, which hashes everything the JSON depends on. Its own prefix keeps
 * it apart from the compact ETag (a hash of other bytes).
 */
export const teamJsonEtag = (key: string): string =>
  `W/"${createHash('sha256').update(`json\u0000${key}`).digest('base64url').slice(0, 32)}"`;

/** The JSON of GET /api/teams/{id}/network: you, teammates, people; knows, teammate, company links. */
export function teamNetworkData(network: PooledTeamNetwork): TeamNetworkData {
  const { pooled, state } = network;
  return {
    connections: [pooled.self, ...pooled.teammates, ...pooled.people],
    relationships: [...pooled.knowsLinks, ...pooled.teammateLinks, ...pooled.companyLinks],
    companies: pooled.companies,
    workspace: { teamId: state.teamId, members: pooled.members },
  };
}
