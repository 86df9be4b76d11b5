import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  snapshotField,
  teamBaseEtag,
  teamNetworkBaseKey,
  teamNetworkPatchesKey,
  teamPatchEtag,
  teamPatchField,
  type TeamSplitRef,
  type ViewerPatchBody,
} from '@warmpath/contracts';
import {
  baseNetworkInSlices,
  compactJsonInSlices,
  encodeNetworkInSlices,
  viewerPatchInSlices,
} from '@warmpath/domain';
import { LOGGER } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { compressSnapshot } from '../graph/snapshot-representations.js';
import { BuildLocks } from './build-lock.js';
import { workspaceSplitBuilds } from './pool-metrics.js';
import { runSliced, SLICE_MS } from './sliced-run.js';
import { TeamNetworks, workspaceFingerprint, type TeamState } from './team-networks.service.js';
import { TeamSplitStore, type SplitBlobs, type SplitVersion } from './team-split.store.js';

/** Versions remembered as stored, so a repeated read skips Redis; oldest out first. */
const MAX_KNOWN_VERSIONS = 5000;
/** Patches compressed at once (each in the thread pool): a 500-member workspace has 500. */
const PATCH_BATCH = 4;

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
  private readonly building = new Map<string, Promise<SplitVersion>>();

  constructor(
    private readonly teams: TeamNetworks,
    private readonly store: TeamSplitStore,
    private readonly locks: BuildLocks,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  /** Where the base of the workspace's current version is (built first when needed). */
  async base(viewerId: number, teamId: number, options: SplitOptions = {}): Promise<TeamSplitRef> {
    const version = await this.ensure(viewerId, teamId, options);
    return {
      key: teamNetworkBaseKey(version.teamId, version.fingerprint),
      fields: { br: snapshotField('compact', 'br'), gzip: snapshotField('compact', 'gzip') },
      etag: teamBaseEtag(version.fingerprint),
      version: version.fingerprint,
    };
  }

  /** Where the caller's patch of the workspace's current version is (built first when needed). */
  async patch(viewerId: number, teamId: number, options: SplitOptions = {}): Promise<TeamSplitRef> {
    const version = await this.ensure(viewerId, teamId, options);
    return {
      key: teamNetworkPatchesKey(version.teamId, version.fingerprint),
      fields: { br: teamPatchField(viewerId, 'br'), gzip: teamPatchField(viewerId, 'gzip') },
      etag: teamPatchEtag(version.fingerprint, viewerId),
      version: version.fingerprint,
    };
  }

  /** The workspace's current version, stored in Redis: known, found, or built now (once). */
  async ensure(viewerId: number, teamId: number, options: SplitOptions = {}): Promise<SplitVersion> {
    const state = await this.teams.state(viewerId, teamId, options.now);
    const version = { teamId, fingerprint: workspaceFingerprint(state) };
    const key = splitLockKey(version);
    const known = options.recheck ? undefined : this.known.get(key);
    if (known) return known;
    let flight = this.building.get(key);
    if (!flight) {
      flight = this.findOrBuild(state, version)
        .then((found) => this.remember(key, found))
        .finally(() => this.building.delete(key));
      this.building.set(key, flight);
    }
    return flight;
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

  private async findOrBuild(state: TeamState, version: SplitVersion): Promise<SplitVersion> {
    if (await this.store.has(version)) return version;
    const lock = await this.locks.claim(splitLockKey(version));
    try {
      // Another replica may have stored it while this one waited for the lock: serve its bytes.
      if (await this.store.has(version)) {
        workspaceSplitBuilds.inc({ outcome: 'found' });
        return version;
      }
      const started = performance.now();
      const blobs = await this.build(state, version);
      await this.store.save(version, blobs);
      workspaceSplitBuilds.inc({ outcome: 'built' });
      // One line per version built: operators tell a rebuild from a slow read by it.
      this.logger?.info(
        {
          teamId: version.teamId,
          version: version.fingerprint,
          members: blobs.members.length,
          baseBytes: blobs.base.br.length,
          ms: Math.round(performance.now() - started),
        },
        'workspace base and patches built',
      );
      return version;
    } finally {
      await lock?.release();
    }
  }

  /**
   * The base's compact encoding and every member's patch, compressed; a patch's body names the
   * base's ETag and the member's own network version its records were pooled at (`own`, what
   * their GET /api/network says in X-Network-Version for the same records), so a reader pairs
   * the three (docs/workspace-network.md "Pairing the versions").
   */
  private async build(state: TeamState, version: SplitVersion): Promise<SplitBlobs> {
    const { pool, versions } = await this.teams.sharedPool(state);
    // Each step in slices, the event loop turning between them (runSliced): at hundreds of
    // thousands of people each is seconds of CPU (docs/workspace-network.md "One shared build per
    // workspace version").
    // In the background (foreground-work.ts): a list index read meanwhile goes first.
    const network = await runSliced(baseNetworkInSlices(pool, state.teamId), SLICE_MS, true);
    const compact = await runSliced(encodeNetworkInSlices(network), SLICE_MS, true);
    const base = await compressSnapshot(
      Buffer.from(await runSliced(compactJsonInSlices(compact), SLICE_MS, true)),
    );
    const baseEtag = teamBaseEtag(version.fingerprint);
    const members = state.membership.members.map((member) => member.userId);
    const patches: Record<string, Buffer> = {};
    for (let from = 0; from < members.length; from += PATCH_BATCH) {
      const batch: [number, Buffer][] = [];
      for (const userId of members.slice(from, from + PATCH_BATCH)) {
        const own = versions.get(userId) ?? '0';
        const patch = await runSliced(viewerPatchInSlices(pool, userId), SLICE_MS, true);
        const body: ViewerPatchBody = { base: baseEtag, own, patch: { ...patch } };
        batch.push([userId, Buffer.from(JSON.stringify(body))]);
      }
      await Promise.all(
        batch.map(async ([userId, text]) => {
          const bytes = await compressSnapshot(text);
          patches[teamPatchField(userId, 'br')] = bytes.br;
          patches[teamPatchField(userId, 'gzip')] = bytes.gzip;
        }),
      );
    }
    return { base, patches, members };
  }

  private remember(key: string, version: SplitVersion): SplitVersion {
    this.known.delete(key);
    this.known.set(key, version);
    if (this.known.size > MAX_KNOWN_VERSIONS) this.known.delete(this.known.keys().next().value as string);
    return version;
  }
}

export interface SplitOptions {
  /** Look in Redis, not in memory (a reader did not find the bytes it was told of). */
  recheck?: boolean;
  now?: Date;
}
