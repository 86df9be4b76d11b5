import { Inject, Injectable } from '@nestjs/common';
import {
  snapshotField,
  teamNetworkBaseKey,
  teamNetworkPatchesKey,
  teamPatchField,
} from '@warmpath/contracts';
import { REDIS } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import {
  redisUnavailable,
  REPLACED_SNAPSHOT_TTL_SECONDS,
  SNAPSHOT_TTL_SECONDS,
} from '../graph/snapshot.store.js';

/** In the base's hash: written once every member's patch is stored (the whole version). */
const META_FIELD = 'meta';
/** In the base's hash: the network version each member's records were pooled at, for a build resumed elsewhere. */
const POOLED_FIELD = 'pooled';
const BASE_BR_FIELD = snapshotField('compact', 'br');

/** Redis key (before REDIS_PREFIX) naming a workspace's latest stored version (its fingerprint). */
const currentSplitKey = (teamId: number) => `network:team-split-current:${teamId}`;

/**
 * Redis list (before REDIS_PREFIX) of the members whose patch of a version readers on other
 * replicas are waiting for: the builder takes them before the member order.
 */
export const wantedPatchesKey = ({ teamId, fingerprint }: SplitVersion) =>
  `network:team-patches-wanted:${teamId}:${fingerprint}`;
const WANTED_TTL_SECONDS = 60;

/** A workspace version: what names its base and patches. */
export interface SplitVersion {
  teamId: number;
  fingerprint: string;
}

/** What of a version is stored, as one reader needs to know. */
export interface SplitStatus {
  /** The base's brotli bytes (and the patches hash, made in the same transaction). */
  base: boolean;
  /** Every member's patch: the whole version (`meta`). */
  whole: boolean;
  /** The asking viewer's patch (brotli). */
  patch: boolean;
  /** Fields of the patches hash: grows while a builder works. */
  patchFields: number;
}

/** What a builder finds stored before it builds (a version another replica began). */
export interface StoredParts {
  whole: boolean;
  /** The members' versions the stored base was pooled at, or null when no base is stored. */
  pooled: Record<string, string> | null;
  /** Members whose patch is stored. */
  patches: Set<number>;
}

/**
 * Adds fields to a hash only while the version's base exists (KEYS[2]): a version that expired,
 * was replaced or dropped meanwhile is not recreated in parts and without TTL. HSET keeps the
 * hash's TTL; a hash new here gets the base's.
 */
const ADD_FIELDS_SCRIPT = `
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
if redis.call('TTL', KEYS[1]) == -1 then redis.call('EXPIRE', KEYS[1], redis.call('TTL', KEYS[2])) end
return 1`;

/**
 * Redis I/O of bases and patches (docs/workspace-network.md "One snapshot per workspace version:
 * base + viewer patch"): one hash for the base, one for the patches, with the snapshots' TTL. The
 * base is stored with the first patch (the asker's) in one transaction; the other patches are
 * added while the base exists; `meta` in the base's hash says every member's patch is stored.
 * Brotli is stored at build; gzip when a client first asks for it. The workspace's previous
 * version expires shortly after a new one's base is stored.
 */
@Injectable()
export class TeamSplitStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** What of this version is stored (by this replica or another), for `viewerId`'s read. */
  async status(version: SplitVersion, viewerId: number): Promise<SplitStatus> {
    try {
      const results = await this.redis
        .multi()
        .hexists(baseKey(version), BASE_BR_FIELD)
        .hexists(baseKey(version), META_FIELD)
        .hexists(patchesKey(version), patchField(viewerId))
        .hlen(patchesKey(version))
        .exec();
      const failure = results?.find(([error]) => error);
      if (!results || failure) throw failure?.[0] ?? new Error('Redis transaction aborted');
      const [base, whole, patch, patchFields] = results.map(([, value]) => Number(value));
      return { base: base === 1, whole: whole === 1, patch: patch === 1, patchFields: patchFields ?? 0 };
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /** Whether this whole version is stored. */
  async has(version: SplitVersion): Promise<boolean> {
    try {
      return (await this.redis.hexists(baseKey(version), META_FIELD)) === 1;
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /** What a builder finds of this version before building it. */
  async parts(version: SplitVersion): Promise<StoredParts> {
    try {
      const results = await this.redis
        .multi()
        .hexists(baseKey(version), META_FIELD)
        .hget(baseKey(version), POOLED_FIELD)
        .hkeys(patchesKey(version))
        .exec();
      const failure = results?.find(([error]) => error);
      if (!results || failure) throw failure?.[0] ?? new Error('Redis transaction aborted');
      const [meta, pooled, fields] = results.map(([, value]) => value);
      const patches = new Set<number>();
      for (const field of (fields as string[] | undefined) ?? [])
        if (field.endsWith(':br')) patches.add(Number(field.slice(0, -3)));
      return {
        whole: meta === 1,
        pooled: typeof pooled === 'string' ? (JSON.parse(pooled) as Record<string, string>) : null,
        patches,
      };
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /**
   * Stores a version's base (brotli) with its first patch, in one transaction, and lets the
   * workspace's previous version expire shortly.
   */
  async saveBase(
    version: SplitVersion,
    base: Buffer,
    pooled: Record<string, string>,
    first: Record<string, Buffer>,
  ): Promise<void> {
    try {
      const current = currentSplitKey(version.teamId);
      const previous = await this.redis.get(current);
      const write = this.redis.multi();
      // HSET of no field is an error that would abort the whole transaction.
      if (Object.keys(first).length > 0)
        write.hset(patchesKey(version), first).expire(patchesKey(version), SNAPSHOT_TTL_SECONDS);
      write
        .hset(baseKey(version), { [BASE_BR_FIELD]: base, [POOLED_FIELD]: JSON.stringify(pooled) })
        .expire(baseKey(version), SNAPSHOT_TTL_SECONDS)
        .set(current, version.fingerprint, 'EX', SNAPSHOT_TTL_SECONDS);
      if (previous && previous !== version.fingerprint)
        for (const key of keysOf({ teamId: version.teamId, fingerprint: previous }))
          write.expire(key, REPLACED_SNAPSHOT_TTL_SECONDS);
      await exec(write);
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /** Adds patches (by field) to a stored version; false when its base is gone (nothing written). */
  addPatches(version: SplitVersion, fields: Record<string, Buffer>): Promise<boolean> {
    return this.addFields(version, patchesKey(version), fields);
  }

  /** Adds fields (a gzip made on demand) to the hash `key` of a stored version; false when it is gone. */
  async addFields(
    version: SplitVersion,
    key: string,
    fields: Record<string, Buffer | string>,
  ): Promise<boolean> {
    const args = Object.entries(fields).flat();
    if (args.length === 0) return true;
    try {
      const added = await this.redis.eval(
        ADD_FIELDS_SCRIPT,
        2,
        key,
        baseKey(version),
        BASE_BR_FIELD,
        ...args,
      );
      return added === 1;
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /** Marks a version whole (every member's patch stored); false when its base is gone. */
  complete(version: SplitVersion, members: readonly number[]): Promise<boolean> {
    const meta = JSON.stringify({ fingerprint: version.fingerprint, members });
    return this.addFields(version, baseKey(version), { [META_FIELD]: meta });
  }

  /** One field of a stored hash, or null. */
  async field(key: string, field: string): Promise<Buffer | null> {
    try {
      return await this.redis.hgetBuffer(key, field);
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  async hasField(key: string, field: string): Promise<boolean> {
    try {
      return (await this.redis.hexists(key, field)) === 1;
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /** Tells the replica building `version` that a reader waits for this member's patch. */
  async want(version: SplitVersion, userId: number): Promise<void> {
    try {
      await exec(
        this.redis
          .multi()
          .rpush(wantedPatchesKey(version), String(userId))
          .expire(wantedPatchesKey(version), WANTED_TTL_SECONDS),
      );
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /** The members readers on other replicas asked for since the last call, first asked first. */
  async takeWanted(version: SplitVersion): Promise<number[]> {
    try {
      const taken = await this.redis.lpop(wantedPatchesKey(version), 100);
      return (taken ?? []).map(Number);
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /** Drops a deleted workspace's versions at once; Redis failures are the caller's to report. */
  async remove(teamId: number, fingerprints: readonly string[]): Promise<void> {
    const current = await this.redis.get(currentSplitKey(teamId));
    const all = new Set(fingerprints);
    if (current) all.add(current);
    const keys = [...all].flatMap((fingerprint) => [
      ...keysOf({ teamId, fingerprint }),
      wantedPatchesKey({ teamId, fingerprint }),
    ]);
    await this.redis.del(currentSplitKey(teamId), ...keys);
  }
}

async function exec(write: ReturnType<Redis['multi']>): Promise<void> {
  const results = await write.exec();
  const failure = results?.find(([error]) => error);
  if (!results || failure) throw failure?.[0] ?? new Error('Redis transaction aborted');
}

const baseKey = ({ teamId, fingerprint }: SplitVersion) => teamNetworkBaseKey(teamId, fingerprint);
const patchesKey = ({ teamId, fingerprint }: SplitVersion) => teamNetworkPatchesKey(teamId, fingerprint);
const patchField = (userId: number) => teamPatchField(userId, 'br');

const keysOf = ({ teamId, fingerprint }: SplitVersion): string[] => [
  teamNetworkBaseKey(teamId, fingerprint),
  teamNetworkPatchesKey(teamId, fingerprint),
];
