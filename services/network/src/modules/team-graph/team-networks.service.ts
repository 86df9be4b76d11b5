import { Injectable } from '@nestjs/common';
import { TEAM_SNAPSHOT_FORMAT, teamsContracts } from '@warmpath/contracts';
import { poolNetwork, type PooledNetwork, type StrangersMemo } from '@warmpath/domain';
import { BusClient } from '@warmpath/server-kit';
import { createHash } from 'node:crypto';
import { MemoKey } from '../graph/loaded-network.js';
import { NetworkReader, utcDay } from '../graph/network-reader.service.js';
import { NetworkRepository } from '../graph/network.repository.js';
import { toOwnNode, type OwnProfile } from '../graph/network-view.mapper.js';
import { OwnProfileClient } from '../graph/own-profile.client.js';
import { isSourceProfile, sourceProfiles, type Membership } from './team-sources.js';

/** Everything a pooled network depends on, read fresh for every request (cheap: no people). */
export interface TeamState {
  viewerId: number;
  teamId: number;
  membership: Membership;
  versions: ReadonlyMap<number, string>;
  profiles: readonly OwnProfile[];
  now: Date;
  /** Hash of all of the above that the JSON depends on: a new one for any change. */
  fingerprint: string;
}

/** One viewer's pooled network of a workspace, kept while its fingerprint is current. */
export class PooledTeamNetwork {
  private readonly memos = new Map<MemoKey<unknown>, unknown>();
  readonly indexOf: ReadonlyMap<string, number>;

  constructor(
    readonly state: TeamState,
    readonly pooled: PooledNetwork,
  ) {
    this.indexOf = new Map(pooled.people.map((person, index) => [person.id, index] as const));
  }

  get fingerprint(): string {
    return this.state.fingerprint;
  }

  memo<T>(key: MemoKey<T>, build: () => T): T {
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const value = build();
    this.memos.set(key, value);
    return value;
  }
}

/** Pooled networks kept in memory, in people; a 10-member workspace pools ~100,000. */
export const MAX_CACHED_POOLED_PEOPLE = 300_000;

/**
 * The pooled network of a workspace for one member (docs/product.md#workspaces): membership and
 * sharing from the teams service on every call (NOT_FOUND passes through, so a non-member gets
 * exactly the unknown workspace's 404), the members' network versions from Postgres, their
 * profiles from auth. Nothing is served from before a change: the fingerprint covers them all.
 */
@Injectable()
export class TeamNetworks {
  private readonly cache = new Map<string, PooledTeamNetwork>();
  private readonly loading = new Map<string, Promise<PooledTeamNetwork>>();
  /** The members of each workspace as last read, for events about one user (their import). */
  private readonly membersOf = new Map<number, readonly number[]>();
  /**
   * Per workspace, its people as the members who do not know them see them (the latest pooling's):
   * every viewer's pool shares these nodes and links, and holds its own only for the people that
   * viewer knows (see poolNetwork's reuse).
   */
  private readonly strangers = new Map<number, StrangersMemo>();
  /** How many pools of each workspace are cached: its strangers' view lives as long as one is. */
  private readonly poolsOf = new Map<number, number>();
  private cachedPeople = 0;

  constructor(
    private readonly bus: BusClient,
    private readonly repository: NetworkRepository,
    private readonly reader: NetworkReader,
    private readonly profiles: OwnProfileClient,
  ) {}

  /**
   * Membership and sharing from the teams service, the members' network versions from Postgres,
   * their profiles: both reads start with the request, so any change committed before it is in
   * them. The versions are read alongside the membership call for the members as last read (one
   * round trip instead of two in a row), and again only when the membership says otherwise.
   */
  async state(viewerId: number, teamId: number, now = new Date()): Promise<TeamState> {
    const guessed = this.membersOf.get(teamId);
    const early = guessed ? this.repository.findVersions(guessed) : undefined;
    // A non-member's request fails below: the versions read for nothing are dropped unseen.
    early?.catch(() => undefined);
    const membership = await this.bus.request(teamsContracts.getMembership, { userId: viewerId, teamId });
    const sources = sourceProfiles(membership);
    const userIds = membership.members.map((member) => member.userId);
    const ids = [...userIds, ...sources.map((source) => source.id)].sort((a, b) => a - b);
    this.membersOf.set(teamId, ids);
    const same = guessed?.length === ids.length && guessed.every((id, index) => id === ids[index]);
    const [versions, userProfiles] = await Promise.all([
      same && early ? early : this.repository.findVersions(ids),
      Promise.all(userIds.sort((a, b) => a - b).map((id) => this.profiles.get(id))),
    ]);
    const profiles = [...sources, ...userProfiles];
    const state = { viewerId, teamId, membership, versions, profiles, now, fingerprint: '' };
    return { ...state, fingerprint: teamFingerprint(state) };
  }

  /** The pooled network of this state: cached, being built, or built now (one build per state). */
  async pooled(state: TeamState): Promise<PooledTeamNetwork> {
    const slot = `${state.teamId}:${state.viewerId}`;
    const cached = this.cache.get(slot);
    if (cached?.fingerprint === state.fingerprint) return this.remember(slot, cached);
    const flightKey = `${slot}:${state.fingerprint}`;
    let flight = this.loading.get(flightKey);
    if (!flight) {
      flight = this.load(state)
        .then((network) => this.remember(slot, network))
        .finally(() => this.loading.delete(flightKey));
      this.loading.set(flightKey, flight);
    }
    return flight;
  }

  /** The workspaces read here whose members (as last read) include this user. */
  teamsWith(userId: number): number[] {
    return [...this.membersOf].filter(([, ids]) => ids.includes(userId)).map(([teamId]) => teamId);
  }

  /** Forgets the pooled networks of a workspace (deleted) or of one viewer in it (left). */
  forget(teamId: number, viewerId?: number): void {
    if (viewerId === undefined) {
      this.membersOf.delete(teamId);
      this.strangers.delete(teamId);
    }
    for (const [slot, network] of this.cache) {
      if (network.state.teamId !== teamId) continue;
      if (viewerId !== undefined && network.state.viewerId !== viewerId) continue;
      this.cache.delete(slot);
      this.release(network);
    }
  }

  private async load(state: TeamState): Promise<PooledTeamNetwork> {
    const sharing = new Map(state.membership.members.map((m) => [m.userId, m.sharing] as const));
    const networks = await Promise.all(
      state.profiles.map((profile) =>
        this.reader.current(profile.id, state.versions.get(profile.id), state.now),
      ),
    );
    // The viewer's previous pooling and the workspace's strangers' view: people and companies no
    // change touched are reused (after one member's import, everyone that member does not know).
    const own = this.cache.get(`${state.teamId}:${state.viewerId}`)?.pooled.reuse;
    const previous = { ...own, strangers: this.strangers.get(state.teamId) };
    const pooled = poolNetwork(
      state.viewerId,
      state.profiles.map((profile, index) => ({
        node: isSourceProfile(profile) ? { ...toOwnNode(profile), isSource: true } : toOwnNode(profile),
        sharing: sharing.get(profile.id) ?? 'names',
        people: networks[index]?.people ?? [],
      })),
      previous,
    );
    if (this.membersOf.has(state.teamId))
      this.strangers.set(state.teamId, pooled.reuse.strangers ?? new Map());
    // A member's network may have been loaded newer than the version read: name it by its content.
    const versions = new Map(networks.map((network) => [network.userId, network.version] as const));
    const loaded = { ...state, versions };
    return new PooledTeamNetwork({ ...loaded, fingerprint: teamFingerprint(loaded) }, pooled);
  }

  private remember(slot: string, network: PooledTeamNetwork): PooledTeamNetwork {
    const previous = this.cache.get(slot);
    this.cache.delete(slot);
    if (previous !== network) {
      // Counted before the previous one is released, so the workspace keeps its strangers' view.
      const teamId = network.state.teamId;
      this.poolsOf.set(teamId, (this.poolsOf.get(teamId) ?? 0) + 1);
      this.cachedPeople += network.pooled.people.length;
      if (previous) this.release(previous);
    }
    this.cache.set(slot, network);
    for (const [oldestSlot, oldest] of this.cache) {
      if (this.cachedPeople <= MAX_CACHED_POOLED_PEOPLE || oldest === network) break;
      this.cache.delete(oldestSlot);
      this.release(oldest);
    }
    return network;
  }

  /** Accounts for a pool out of the cache; a workspace with none left drops its strangers' view. */
  private release(network: PooledTeamNetwork): void {
    this.cachedPeople -= network.pooled.people.length;
    const teamId = network.state.teamId;
    const left = (this.poolsOf.get(teamId) ?? 1) - 1;
    if (left > 0) this.poolsOf.set(teamId, left);
    else {
      this.poolsOf.delete(teamId);
      this.strangers.delete(teamId);
    }
  }
}

/** Everything the pooled JSON depends on besides the rows behind each version. */
function teamFingerprint(state: Omit<TeamState, 'fingerprint'>): string {
  const sharing = new Map(state.membership.members.map((m) => [m.userId, m.sharing] as const));
  const parts = [TEAM_SNAPSHOT_FORMAT, utcDay(state.now), String(state.teamId), String(state.viewerId)];
  for (const profile of state.profiles) {
    parts.push(
      String(profile.id),
      sharing.get(profile.id) ?? '',
      state.versions.get(profile.id) ?? '0',
      profile.firstName,
      profile.lastName,
      profile.email,
      profile.avatarUrl ?? '',
      profile.createdAt,
    );
  }
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 24);
}
