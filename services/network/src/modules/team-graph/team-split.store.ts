import { Inject, Injectable } from '@nestjs/common';
import { snapshotField, teamNetworkBaseKey, teamNetworkPatchesKey } from '@warmpath/contracts';
import { REDIS } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import {
  redisUnavailable,
  REPLACED_SNAPSHOT_TTL_SECONDS,
  SNAPSHOT_TTL_SECONDS,
} from '../graph/snapshot.store.js';

const META_FIELD = 'meta';

/** Redis key (before REDIS_PREFIX) naming a workspace's latest stored version (its fingerprint). */
const currentSplitKey = (teamId: number) => `network:team-split-current:${teamId}`;

/** A workspace version: what names its base and patches. */
export interface SplitVersion {
  teamId: number;
  fingerprint: string;
}

/** The bytes of a version: the base's compact form and every member's patch, each brotli and gzip. */
export interface SplitBlobs {
  base: { br: Buffer; gzip: Buffer };
  /** By field (teamPatchField). */
  patches: Record<string, Buffer>;
  members: readonly number[];
}

/**
 * Redis I/O of bases and patches (docs/workspace-network.md "One snapshot per workspace version:
 * base + viewer patch"): one hash for the base, one for the patches, written in one transaction
 * with the snapshots' TTL, so a version is stored whole or not at all; the base's `meta` says it is.
 * The workspace's previous version expires shortly after a new one is stored.
 */
@Injectable()
export class TeamSplitStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Whether this version is stored (by this replica or another). */
  async has(version: SplitVersion): Promise<boolean> {
    try {
      return (await this.redis.hexists(baseKey(version), META_FIELD)) === 1;
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  async save(version: SplitVersion, blobs: SplitBlobs): Promise<void> {
    try {
      const current = currentSplitKey(version.teamId);
      const previous = await this.redis.get(current);
      const meta = JSON.stringify({ fingerprint: version.fingerprint, members: blobs.members });
      const patchesKey = teamNetworkPatchesKey(version.teamId, version.fingerprint);
      const write = this.redis.multi();
      // HSET of no field is an error that would abort the whole transaction.
      if (Object.keys(blobs.patches).length > 0)
        write.hset(patchesKey, blobs.patches).expire(patchesKey, SNAPSHOT_TTL_SECONDS);
      write
        .hset(baseKey(version), {
          [snapshotField('compact', 'br')]: blobs.base.br,
          [snapshotField('compact', 'gzip')]: blobs.base.gzip,
          [META_FIELD]: meta,
        })
        .expire(baseKey(version), SNAPSHOT_TTL_SECONDS)
        .set(current, version.fingerprint, 'EX', SNAPSHOT_TTL_SECONDS);
      if (previous && previous !== version.fingerprint)
        for (const key of keysOf({ teamId: version.teamId, fingerprint: previous }))
          write.expire(key, REPLACED_SNAPSHOT_TTL_SECONDS);
      const results = await write.exec();
      const failure = results?.find(([error]) => error);
      if (!results || failure) throw failure?.[0] ?? new Error('Redis transaction aborted');
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /** Drops a deleted workspace's versions at once; Redis failures are the caller's to report. */
  async remove(teamId: number, fingerprints: readonly string[]): Promise<void> {
    const current = await this.redis.get(currentSplitKey(teamId));
    const all = new Set(fingerprints);
    if (current) all.add(current);
    const keys = [...all].flatMap((fingerprint) => keysOf({ teamId, fingerprint }));
    await this.redis.del(currentSplitKey(teamId), ...keys);
  }
}

const baseKey = ({ teamId, fingerprint }: SplitVersion) => teamNetworkBaseKey(teamId, fingerprint);

const keysOf = ({ teamId, fingerprint }: SplitVersion): string[] => [
  teamNetworkBaseKey(teamId, fingerprint),
  teamNetworkPatchesKey(teamId, fingerprint),
];
