import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  snapshotField,
  teamBaseEtag,
  teamNetworkBaseKey,
  teamNetworkPatchesKey,
  teamPatchEtag,
  teamPatchField,
  type SnapshotEncoding,
  type TeamSplitRef,
} from '@warmpath/contracts';
import { LOGGER } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipFromBrotli } from '../graph/snapshot-representations.js';
import { BuildLocks, type BuildLock } from './build-lock.js';
import { workspaceSplitBuilds } from './pool-metrics.js';
import { TeamNetworks, workspaceFingerprint, type TeamState } from './team-networks.service.js';
import { SplitBuild, type SplitNeed } from './team-split.build.js';
import { TeamSplitStore, type SplitStatus, type SplitVersion } from './team-split.store.js';

/** Versions remembered as stored, so a repeated read skips Redis; oldest out first. */
const MAX_KNOWN_VERSIONS = 5000;
/** How often a reader waiting for another replica's build looks in Redis again. */
const POLL_MS = 100;

/** Lock key (BuildLocks) of building a version's base and patches: apart from the per-viewer pools'. */
export const splitLockKey = ({ teamId, fingerprint }: SplitVersion) => `split:${teamId}:${fingerprint}`;

/**
 * GET /api/teams/{id}/network/base and /patch (docs/workspace-network.md "One snapshot per
 * workspace version: base + viewer patch"): per workspace version (the workspace fingerprint,
 * without the viewer) the shared pool, the base's compact encoding and every member's patch are
 * built once and stored in Redis, whoever asks and on whichever replica. A replica that does not
 * find a version stored takes the build lock, looks again (another replica may have stored it
 * while this one waited) and builds only if it is still missing. Membership is checked on every
 * read (TeamNetworks.state): a non-member gets the unknown workspace's NOT_FOUND.
 */
@Injectable()
export class TeamSplitService {
  private readonly known = new Map<string, SplitVersion>();
  /** The builds this replica runs, by lock key: readers of this replica wait on them. */
  private readonly building = new Map<string, SplitBuild>();
  /** gzip bytes being made from brotli, by hash and field: made once per replica. */
  private readonly gzipping = new Map<string, Promise<void>>();

  constructor(
    private readonly teams: TeamNetworks,
    private readonly store: TeamSplitStore,
    private readonly locks: BuildLocks,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  /** Where the base of the workspace's current version is (built first when needed). */
  async base(viewerId: number, teamId: number, options: SplitOptions = {}): Promise<TeamSplitRef> {
    const version = await this.ready(viewerId, teamId, { kind: 'base' }, options);
    const ref = {
      key: teamNetworkBaseKey(version.teamId, version.fingerprint),
      fields: { br: snapshotField('compact', 'br'), gzip: snapshotField('compact', 'gzip') },
      etag: teamBaseEtag(version.fingerprint),
      version: version.fingerprint,
    };
    await this.gzipWhenAsked(version, ref, options);
    return ref;
  }

  /** Where the caller's patch of the workspace's current version is (built first when needed). */
  async patch(viewerId: number, teamId: number, options: SplitOptions = {}): Promise<TeamSplitRef> {
    const version = await this.ready(viewerId, teamId, { kind: 'patch', userId: viewerId }, options);
    const ref = {
      key: teamNetworkPatchesKey(version.teamId, version.fingerprint),
      fields: { br: teamPatchField(viewerId, 'br'), gzip: teamPatchField(viewerId, 'gzip') },
      etag: teamPatchEtag(version.fingerprint, viewerId),
      version: version.fingerprint,
    };
    await this.gzipWhenAsked(version, ref, options);
    return ref;
  }

  /** The workspace's current version, stored whole in Redis: known, found, or built now (once). */
  ensure(viewerId: number, teamId: number, options: SplitOptions = {}): Promise<SplitVersion> {
    return this.ready(viewerId, teamId, { kind: 'whole' }, options);
  }

  /** Drops a deleted workspace's versions from memory and Redis. */
  async forget(teamId: number): Promise<void> {
    const fingerprints: string[] = [];
    for (const [key, version] of this.known)
      if (version.teamId === teamId) {
        this.known.delete(key);
        fingerprints.push(version.fingerprint);
      }
    await this.store.remove(teamId, fingerprints);
  }

  /**
   * The workspace's current version with what `need` names stored: the whole version known here,
   * the part found in Redis, or waited for on this replica's build, on another replica's (which
   * is told which patch is wanted), or built here once no replica holds the build lock.
   */
  private async ready(
    viewerId: number,
    teamId: number,
    need: SplitNeed,
    options: SplitOptions,
  ): Promise<SplitVersion> {
    const state = await this.teams.state(viewerId, teamId, options.now);
    const version = { teamId, fingerprint: workspaceFingerprint(state) };
    const key = splitLockKey(version);
    const known = options.recheck ? undefined : this.known.get(key);
    if (known) return known;
    const local = this.building.get(key);
    if (local) {
      await local.wait(need);
      return version;
    }
    let deadline = Date.now() + this.locks.lockMs;
    let progress = -1;
    let waited = false;
    let asked = false;
    for (;;) {
      const status = await this.store.status(version, viewerId);
      if (status.whole) this.remember(key, version);
      if (satisfies(status, need)) {
        if (waited) workspaceSplitBuilds.inc({ outcome: 'found' });
        return version;
      }
      // Another reader of this replica took the lock meanwhile.
      const building = this.building.get(key);
      if (building) {
        await building.wait(need);
        return version;
      }
      // A builder elsewhere storing patches is alive: wait for it as long as it stores more.
      if (status.patchFields > progress) {
        progress = status.patchFields;
        deadline = Math.max(deadline, Date.now() + this.locks.lockMs);
      }
      // Past the wait, build without the lock (as BuildLocks.claim): never wait for a dead builder.
      const lock = Date.now() >= deadline ? null : await this.locks.attempt(key);
      if (lock !== 'taken') {
        const running = this.building.get(key);
        if (running) await lock?.release();
        const build = running ?? this.start(state, version, viewerId, lock);
        await build.wait(need);
        return version;
      }
      if (need.kind === 'patch' && !asked) {
        await this.store.want(version, viewerId);
        asked = true;
      }
      waited = true;
      await sleep(POLL_MS);
    }
  }

  /**
   * Builds the version here (docs/workspace-network.md "Wiring: one build across replicas"): the
   * asker's patch with the base, the others in the background; readers of this replica wait on
   * the parts they need. A failed build is forgotten: the next reader builds what is missing.
   */
  private start(state: TeamState, version: SplitVersion, asker: number, lock: BuildLock | null): SplitBuild {
    const key = splitLockKey(version);
    const build = new SplitBuild(this.teams, this.store, state, version, asker);
    this.building.set(key, build);
    const started = performance.now();
    // When the first reader could be answered, and (below) when the whole version was stored.
    build.wait({ kind: 'base' }).then(
      () =>
        this.logger?.info(
          {
            teamId: version.teamId,
            version: version.fingerprint,
            ms: Math.round(performance.now() - started),
          },
          'workspace base and first patch stored',
        ),
      () => undefined,
    );
    build
      .run(lock, Math.max(1, Math.floor(this.locks.lockMs / 3)))
      .then(
        (outcome) => {
          this.remember(key, version);
          // One line per version built: operators tell a rebuild from a slow read by it.
          if (outcome === 'built')
            this.logger?.info(
              {
                teamId: version.teamId,
                version: version.fingerprint,
                members: build.members.length,
                ms: Math.round(performance.now() - started),
              },
              'workspace base and patches built',
            );
        },
        (error: unknown) =>
          this.logger?.warn(
            { err: error, teamId: version.teamId, version: version.fingerprint },
            'workspace base and patches not built',
          ),
      )
      .finally(() => {
        if (this.building.get(key) === build) this.building.delete(key);
      });
    return build;
  }

  /**
   * The gzip bytes of a base or patch stored as brotli only, made from it on the first ask of a
   * client that takes no brotli (a request without `encoding` is an older gateway's, which may read
   * either), stored beside it: the same bytes as when both were made at once.
   */
  private async gzipWhenAsked(version: SplitVersion, ref: TeamSplitRef, options: SplitOptions) {
    if (options.encoding === 'br') return;
    const flightKey = `${ref.key}|${ref.fields.gzip}`;
    let flight = this.gzipping.get(flightKey);
    if (!flight) {
      flight = (async () => {
        if (await this.store.hasField(ref.key, ref.fields.gzip)) return;
        const br = await this.store.field(ref.key, ref.fields.br);
        // Gone meanwhile (replaced, expired): the gateway asks again (recheck).
        if (!br) return;
        await this.store.addFields(version, ref.key, { [ref.fields.gzip]: await gzipFromBrotli(br) });
      })().finally(() => this.gzipping.delete(flightKey));
      this.gzipping.set(flightKey, flight);
    }
    await flight;
  }

  private remember(key: string, version: SplitVersion): SplitVersion {
    this.known.delete(key);
    this.known.set(key, version);
    if (this.known.size > MAX_KNOWN_VERSIONS) this.known.delete(this.known.keys().next().value as string);
    return version;
  }
}

const satisfies = (status: SplitStatus, need: SplitNeed): boolean =>
  status.whole ||
  (need.kind === 'base' && status.base) ||
  (need.kind === 'patch' && status.base && status.patch);

export interface SplitOptions {
  /** Look in Redis, not in memory (a reader did not find the bytes it was told of). */
  recheck?: boolean;
  now?: Date;
  /**
   * The stored encoding the reader will read: gzip is made from brotli on its first ask. Absent:
   * either (an older gateway's request, or none: the caller reads no bytes).
   */
  encoding?: SnapshotEncoding;
}
