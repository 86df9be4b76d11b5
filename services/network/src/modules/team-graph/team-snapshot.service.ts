import { Injectable } from '@nestjs/common';
import {
  teamSnapshotKey,
  teamSnapshotKeyPrefix,
  type NetworkSnapshotRef,
  type TeamNetworkData,
} from '@warmpath/contracts';
import { snapshotRepresentations } from '../graph/snapshot-representations.js';
import { SnapshotStore } from '../graph/snapshot.store.js';
import { TeamNetworks, type PooledTeamNetwork, type TeamState } from './team-networks.service.js';

/** Snapshot references remembered in memory, so a repeated read skips Redis; oldest out first. */
const MAX_KNOWN_REFS = 5000;

/** Redis key (before REDIS_PREFIX) naming a viewer's current pooled snapshot of a workspace. */
const currentTeamKey = (teamId: number, userId: number) =>
  `network:team-snapshot-current:${teamId}:${userId}`;

/**
 * GET /api/teams/{id}/network as GET /api/network is served: the pooled JSON built once per
 * (workspace, viewer, fingerprint), compressed, stored in Redis; the gateway streams the bytes.
 */
@Injectable()
export class TeamSnapshotService {
  private readonly building = new Map<string, Promise<NetworkSnapshotRef>>();
  private readonly known = new Map<string, NetworkSnapshotRef>();

  constructor(
    private readonly teams: TeamNetworks,
    private readonly store: SnapshotStore,
  ) {}

  async ensure(
    viewerId: number,
    teamId: number,
    options: { recheck?: boolean; now?: Date } = {},
  ): Promise<NetworkSnapshotRef> {
    const state = await this.teams.state(viewerId, teamId, options.now);
    const key = teamSnapshotKey(teamId, viewerId, state.fingerprint);
    const known = options.recheck ? undefined : this.known.get(key);
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

  /** Drops a deleted workspace's snapshots from memory and Redis. */
  async forget(teamId: number): Promise<void> {
    const prefix = teamSnapshotKeyPrefix(teamId);
    const keys = [...this.known.keys()].filter((key) => key.startsWith(prefix));
    for (const key of keys) this.known.delete(key);
    await this.store.remove(keys);
  }

  private remember(ref: NetworkSnapshotRef): NetworkSnapshotRef {
    this.known.delete(ref.key);
    this.known.set(ref.key, ref);
    if (this.known.size > MAX_KNOWN_REFS) this.known.delete(this.known.keys().next().value as string);
    return ref;
  }

  private async build(state: TeamState): Promise<NetworkSnapshotRef> {
    const network = await this.teams.pooled(state);
    const data = teamNetworkData(network);
    const loaded = network.state;
    const bytes = await snapshotRepresentations(data, loaded.viewerId);
    const ref: NetworkSnapshotRef = {
      key: teamSnapshotKey(loaded.teamId, loaded.viewerId, loaded.fingerprint),
      version: loaded.fingerprint,
      ...bytes.ref,
      connections: data.connections.length,
      relationships: data.relationships.length,
    };
    await this.store.saveAs(currentTeamKey(loaded.teamId, loaded.viewerId), ref, bytes.blobs);
    return ref;
  }
}

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
