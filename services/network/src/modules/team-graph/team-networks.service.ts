import { Injectable, Optional } from '@nestjs/common';
import { TEAM_SNAPSHOT_FORMAT, teamsContracts, WORKSPACE_NOT_FOUND } from '@warmpath/contracts';
import {
  buildSharedPool,
  mergeView,
  viewerOverlay,
  type PooledNetwork,
  type PooledPerson,
  type SharedCompanyLinks,
  type SharedPool,
  type ViewerOverlay,
} from '@warmpath/domain';
import { BusClient, ServiceError } from '@warmpath/server-kit';
import { createHash } from 'node:crypto';
import { MemoKey } from '../graph/loaded-network.js';
import { NetworkReader, utcDay } from '../graph/network-reader.service.js';
import { NetworkRepository } from '../graph/network.repository.js';
import { toOwnNode, type OwnProfile } from '../graph/network-view.mapper.js';
import { OwnProfileClient } from '../graph/own-profile.client.js';
import { BuildLocks } from './build-lock.js';
import { keptRecords, mapAtMost, MEMBER_LOADS_AT_ONCE } from './member-networks.js';
import { workspacePoolBuilds } from './pool-metrics.js';
import { ReadRounds } from './read-rounds.js';
import { runSliced } from './sliced-run.js';
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

  /**
   * No index of the people by id is built here: nothing read one, and it cost every reader a
   * 100,000-entry map (docs/performance.md#where-a-readers-cpu-goes).
   */
  constructor(
    readonly state: TeamState,
    readonly pooled: PooledNetwork,
    private readonly parts: { shared: SharedPool; overlay: ViewerOverlay },
  ) {}

  /** Every distinct person of the pool as this viewer sees them, shown or counted only. */
  *persons(): IterableIterator<PooledPerson> {
    const { shared, overlay } = this.parts;
    for (let group = 0; group < shared.persons.length; group++)
      yield overlay.persons.get(group) ?? (shared.persons[group] as PooledPerson);
  }

  get fingerprint(): string {
    return this.state.fingerprint;
  }

  /** What this viewer's pool adds to the workspace's shared build (their next one reuses it). */
  get overlay(): ViewerOverlay {
    return this.parts.overlay;
  }

  memo<T>(key: MemoKey<T>, build: () => T): T {
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const value = build();
    this.memos.set(key, value);
    return value;
  }
}

/**
 * Shared builds kept for the next version's base and patches (built from them: about half the
 * CPU of a build from scratch), by workspace; each is the size of a pooling (hundreds of MB at
 * 100,000 people), so only the workspaces read most recently (docs/workspace-network.md "One snapshot per
 * workspace version: base + viewer patch").
 */
export const MAX_SPLIT_BUILDS_KEPT = 3;

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
  /** Reads of each workspace's membership, versions and profiles, shared by readers asking at once. */
  private readonly workspaceReads = new ReadRounds<number, Settled<WorkspaceRead>>();
  /** The members of each workspace as last read, for events about one user (their import). */
  private readonly membersOf = new Map<number, readonly number[]>();
  /**
   * Per workspace, its latest shared build (docs/workspace-network.md "One shared build per
   * workspace version"): every viewer's pool is it plus that viewer's overlay, so a workspace
   * version is pooled once however many members read it.
   */
  private readonly shared = new Map<number, SharedBuild>();
  private readonly sharing = new Map<string, Promise<SharedBuild>>();
  /** How many pools of each workspace are cached: its shared build lives as long as one is. */
  private readonly poolsOf = new Map<number, number>();
  /**
   * Workspaces whose shared build is kept for their next base and patches (sharedPool), most
   * recent last: with no reader's pool cached, at most MAX_SPLIT_BUILDS_KEPT of them.
   */
  private readonly splitUsers = new Map<number, true>();
  private cachedPeople = 0;
  /** Shared builds' company links being made, so viewers reading at once make them once. */
  private readonly makingLinks = new WeakMap<SharedCompanyLinks, Promise<unknown>>();

  constructor(
    private readonly bus: BusClient,
    private readonly repository: NetworkRepository,
    private readonly reader: NetworkReader,
    private readonly profiles: OwnProfileClient,
    /** One replica at a time builds a workspace version; without it, builds never wait. */
    @Optional() private readonly locks?: BuildLocks,
  ) {}

  /**
   * Membership and sharing from the teams service, the members' network versions from Postgres,
   * their profiles: read after the request arrived, so any change committed before it is in them.
   * Reads of one workspace that arrive together share one such read (ReadRounds): 400 readers
   * polling a 200-member workspace during a rebuild were 400 membership calls and version queries
   * at once, which timed out the teams service and the database pool (docs/workspace-network.md
   * "Many readers at once"). A viewer not among the members read gets the unknown workspace's
   * NOT_FOUND, as the teams service answers them.
   */
  async state(viewerId: number, teamId: number, now = new Date()): Promise<TeamState> {
    const read = await this.workspaceReads.read(teamId, () =>
      settle(viewerId, this.readWorkspace(viewerId, teamId)),
    );
    // The round's asker is not a member: whether this viewer is, only their own read can say.
    // Any other failure (the teams service or the database not answering) is everyone's.
    const refused =
      read.asker !== viewerId && read.error instanceof ServiceError && read.error.code === 'NOT_FOUND';
    const workspace = refused ? await settle(viewerId, this.readWorkspace(viewerId, teamId)) : read;
    if (!workspace.value) throw workspace.error;
    const { membership, versions, profiles } = workspace.value;
    if (!membership.members.some((member) => member.userId === viewerId))
      throw new ServiceError('NOT_FOUND', WORKSPACE_NOT_FOUND);
    const state = { viewerId, teamId, membership, versions, profiles, now, fingerprint: '' };
    return { ...state, fingerprint: teamFingerprint(state) };
  }

  /**
   * One read of a workspace for `viewerId`: the versions are read alongside the membership call
   * for the members as last read (one round trip instead of two in a row), and again only when
   * the membership says otherwise.
   */
  private async readWorkspace(viewerId: number, teamId: number): Promise<WorkspaceRead> {
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
      this.profiles.getMany(userIds.sort((a, b) => a - b)),
    ]);
    return { membership, versions, profiles: [...sources, ...userProfiles] };
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

  /**
   * The workspaces this user is a member of, as the teams service lists them, with those read here
   * whose members (as last read) include them: a source's workspace is not in the user's list, and
   * the teams service not answering leaves the latter.
   */
  async workspacesWith(userId: number): Promise<number[]> {
    const readHere = [...this.membersOf].filter(([, ids]) => ids.includes(userId)).map(([teamId]) => teamId);
    const listed = await this.bus
      .request(teamsContracts.listWorkspaces, { userId })
      .then((workspaces) => workspaces.map((workspace) => workspace.id))
      .catch(() => []);
    return [...new Set([...readHere, ...listed])];
  }

  /** Forgets the pooled networks of a workspace (deleted) or of one viewer in it (left). */
  forget(teamId: number, viewerId?: number): void {
    if (viewerId === undefined) {
      this.membersOf.delete(teamId);
      this.shared.delete(teamId);
      this.splitUsers.delete(teamId);
    }
    for (const [slot, network] of this.cache) {
      if (network.state.teamId !== teamId) continue;
      if (viewerId !== undefined && network.state.viewerId !== viewerId) continue;
      this.cache.delete(slot);
      this.release(network);
    }
  }

  private async load(state: TeamState): Promise<PooledTeamNetwork> {
    const build = await this.sharedBuild(state);
    await this.companyLinksMade(build.pool);
    // The viewer's last overlay: their people and companies a change did not touch are reused.
    const previous = this.cache.get(`${state.teamId}:${state.viewerId}`)?.overlay;
    const overlay = viewerOverlay(build.pool, state.viewerId, previous);
    const pooled = mergeView(build.pool, overlay);
    // A member's network may have been loaded newer than the version read: name it by its content.
    const loaded = { ...state, versions: build.versions };
    return new PooledTeamNetwork({ ...loaded, fingerprint: teamFingerprint(loaded) }, pooled, {
      shared: build.pool,
      overlay,
    });
  }

  /**
   * The shared build's company links, which a viewer's whole pooled network needs and its base and
   * patches do not (shared-company-links.ts): made in slices on the first such read of a version,
   * once however many viewers ask meanwhile.
   */
  private companyLinksMade(pool: SharedPool): Promise<unknown> {
    const links = pool.companyLinks;
    if (links.ready) return Promise.resolve();
    let making = this.makingLinks.get(links);
    if (!making) {
      making = runSliced(links.make()).finally(() => this.makingLinks.delete(links));
      this.makingLinks.set(links, making);
    }
    return making;
  }

  /**
   * The workspace pooled for no viewer, at the version `state` read, without taking the build
   * lock: for the base and patches (TeamSplitService), which hold a lock of their own around it.
   * `versions`: each member's network version their pooled records were loaded at (what their own
   * GET /api/network says in X-Network-Version for the same records), which may be newer than
   * the versions `state` read.
   */
  async sharedPool(state: TeamState): Promise<PooledVersions> {
    const build = await this.sharedBuild(state, false);
    this.splitUsers.delete(state.teamId);
    this.splitUsers.set(state.teamId, true);
    if (this.splitUsers.size > MAX_SPLIT_BUILDS_KEPT) {
      const oldest = this.splitUsers.keys().next().value as number;
      this.splitUsers.delete(oldest);
      if (!this.poolsOf.has(oldest)) this.shared.delete(oldest);
    }
    return { pool: build.pool, versions: build.versions };
  }

  /**
   * The workspace pooled for no viewer in particular, at the version `state` read: the latest
   * build when it is of that version, else built now (once, however many viewers ask meanwhile)
   * reusing the latest for the people and companies no change touched.
   */
  private sharedBuild(state: TeamState, locked = true): Promise<SharedBuild> {
    const key = `${state.teamId}:${workspaceFingerprint(state)}`;
    const latest = this.shared.get(state.teamId);
    if (latest?.key === key) return Promise.resolve(latest);
    let flight = this.sharing.get(key);
    if (!flight) {
      flight = this.buildShared(state, key, locked).finally(() => this.sharing.delete(key));
      this.sharing.set(key, flight);
    }
    return flight;
  }

  /**
   * Built here once no other replica is building the same version (docs/workspace-network.md
   * "One build at a time across replicas"): their builds are not shared, only not run at once.
   */
  private async buildShared(state: TeamState, key: string, locked: boolean): Promise<SharedBuild> {
    const lock = this.locks && locked ? await this.locks.claim(key) : null;
    try {
      // `split`: the base and patches' build, which holds its own lock around this one.
      workspacePoolBuilds.inc({ lock: lock ? 'held' : locked ? 'none' : 'split' });
      return await this.poolShared(state, key);
    } finally {
      await lock?.release();
    }
  }

  private async poolShared(state: TeamState, key: string): Promise<SharedBuild> {
    const sharing = new Map(state.membership.members.map((m) => [m.userId, m.sharing] as const));
    const previous = this.shared.get(state.teamId);
    const day = utcDay(state.now);
    const kept = keptRecords(previous, day);
    // The records of members unchanged since the last build are pooled again as they are; the
    // others are read, a few at a time, leaving the service's connections to other requests.
    const networks = await mapAtMost(state.profiles, MEMBER_LOADS_AT_ONCE, async (profile) => {
      const version = state.versions.get(profile.id);
      return kept(profile.id, version) ?? (await this.reader.current(profile.id, version, state.now));
    });
    // In slices, the event loop turning between them: a workspace of hundreds of thousands of
    // people is tens of seconds of CPU cold, and NATS and every other request wait meanwhile.
    const pool = await runSliced(
      buildSharedPool(
        state.profiles.map((profile, index) => ({
          node: isSourceProfile(profile) ? { ...toOwnNode(profile), isSource: true } : toOwnNode(profile),
          sharing: sharing.get(profile.id) ?? 'names',
          people: networks[index]?.people ?? [],
        })),
        previous?.pool,
      ),
    );
    const versions = new Map(networks.map((network) => [network.userId, network.version] as const));
    const build = { key, pool, versions, day };
    // Kept for the next viewer and the next version, unless the workspace was forgotten meanwhile.
    if (this.membersOf.has(state.teamId)) this.shared.set(state.teamId, build);
    return build;
  }

  private remember(slot: string, network: PooledTeamNetwork): PooledTeamNetwork {
    const previous = this.cache.get(slot);
    this.cache.delete(slot);
    if (previous !== network) {
      // Counted before the previous one is released, so the workspace keeps its shared build.
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

  /** Accounts for a pool out of the cache; a workspace with none left drops its shared build. */
  private release(network: PooledTeamNetwork): void {
    this.cachedPeople -= network.pooled.people.length;
    const teamId = network.state.teamId;
    const left = (this.poolsOf.get(teamId) ?? 1) - 1;
    if (left > 0) this.poolsOf.set(teamId, left);
    else {
      this.poolsOf.delete(teamId);
      if (!this.splitUsers.has(teamId)) this.shared.delete(teamId);
    }
  }
}

/** What a read of a workspace answers, whoever asked: TeamState without the viewer. */
interface WorkspaceRead {
  membership: Membership;
  versions: ReadonlyMap<number, string>;
  profiles: readonly OwnProfile[];
}

/** A read's outcome for everyone who shares it, and who asked for it. */
interface Settled<T> {
  asker: number;
  value?: T;
  error?: unknown;
}

const settle = <T>(asker: number, read: Promise<T>): Promise<Settled<T>> =>
  read.then(
    (value) => ({ asker, value }),
    (error: unknown) => ({ asker, error }),
  );

/** A workspace pooled for no viewer, and the members' network versions it was pooled from. */
export interface PooledVersions {
  pool: SharedPool;
  /** By user id: the network version (network_versions) of the records each member was pooled with. */
  versions: ReadonlyMap<number, string>;
}

interface SharedBuild extends PooledVersions {
  /** The workspace and workspaceFingerprint of the state it was asked for. */
  key: string;
  /** The UTC day the members' records were read for (yearsConnected). */
  day: string;
}

/** Everything the pooled JSON depends on besides the rows behind each version. */
function teamFingerprint(state: Omit<TeamState, 'fingerprint'>): string {
  return hashParts(workspaceParts(state, state.viewerId));
}

/** What a workspace version is, whoever looks: teamFingerprint without the viewer. */
export function workspaceFingerprint(state: Omit<TeamState, 'fingerprint'>): string {
  return hashParts(workspaceParts(state));
}

function workspaceParts(state: Omit<TeamState, 'fingerprint'>, viewerId?: number): string[] {
  const sharing = new Map(state.membership.members.map((m) => [m.userId, m.sharing] as const));
  const parts = [TEAM_SNAPSHOT_FORMAT, utcDay(state.now), String(state.teamId)];
  if (viewerId !== undefined) parts.push(String(viewerId));
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
  return parts;
}

const hashParts = (parts: readonly string[]): string =>
  createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 24);
