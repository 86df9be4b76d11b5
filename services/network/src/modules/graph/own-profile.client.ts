import { Injectable } from '@nestjs/common';
import { authContracts } from '@warmpath/contracts';
import { BusClient, ServiceError } from '@warmpath/server-kit';
import type { OwnProfile } from './network-view.mapper.js';

/**
 * How long a profile read from auth is reused. Every GET /api/network needs the own node's name,
 * and asking auth each time cost as much CPU as the rest of the read (bench/src/api.bench.mjs);
 * a renamed user sees the new name on their node within this delay.
 */
export const PROFILE_TTL_MS = 10_000;
/** Profiles kept at most; the oldest go first. */
const MAX_PROFILES = 10_000;
/** Ids in one `auth.user.profiles` request at most (the contract's limit). */
const PROFILES_PER_REQUEST = 1_000;

interface Entry {
  profile: Promise<OwnProfile>;
  expiresAt: number;
}

/**
 * The own node's name and picture come from the auth service, the owner of user records. While
 * auth cannot answer, the last profile it gave is used: a person's own network must not depend
 * on the auth service being up (only a name changed meanwhile shows late).
 */
@Injectable()
export class OwnProfileClient {
  private readonly cache = new Map<number, Entry>();
  private readonly lastKnown = new Map<number, OwnProfile>();

  constructor(private readonly bus: BusClient) {}

  /** Concurrent readers share one request; a failed request is not remembered. */
  get(userId: number, now = Date.now()): Promise<OwnProfile> {
    return this.cached(userId, now) ?? this.remember(userId, this.fetch(userId), now);
  }

  /**
   * `get` for many users (a workspace's members), in their order: those not cached are asked of
   * auth in one request, where one request each made a 200-member workspace's read wait ~0.3-0.5 s
   * every time the profiles expired (docs/workspace-network.md "Freshness"). A user the answer
   * leaves out, or every one of them when that request fails (auth down, or an auth that does not
   * know it yet), is asked alone as `get` does: the same answers and the same fallbacks.
   */
  getMany(userIds: readonly number[], now = Date.now()): Promise<OwnProfile[]> {
    const missing = [...new Set(userIds)].filter((userId) => !this.cached(userId, now));
    for (let from = 0; missing.length > 1 && from < missing.length; from += PROFILES_PER_REQUEST) {
      const asked = missing.slice(from, from + PROFILES_PER_REQUEST);
      const answer = this.askMany(asked);
      for (const userId of asked) {
        const profile = answer.then(
          (found) => this.found(found.get(userId)) ?? this.fetch(userId),
          () => this.fetch(userId),
        );
        void this.remember(userId, profile, now);
      }
    }
    return Promise.all(userIds.map((userId) => this.get(userId, now)));
  }

  private cached(userId: number, now: number): Promise<OwnProfile> | undefined {
    const cached = this.cache.get(userId);
    return cached && cached.expiresAt > now ? cached.profile : undefined;
  }

  private remember(userId: number, profile: Promise<OwnProfile>, now: number): Promise<OwnProfile> {
    this.cache.delete(userId);
    this.cache.set(userId, { profile, expiresAt: now + PROFILE_TTL_MS });
    void profile.catch(() => this.cache.get(userId)?.profile === profile && this.cache.delete(userId));
    if (this.cache.size > MAX_PROFILES) this.cache.delete(this.cache.keys().next().value as number);
    return profile;
  }

  /**
   * Until when a profile answered by `get` from now on is at most PROFILE_TTL_MS old: the cached
   * entry's expiry, or a full TTL from `now` when the next `get` fetches anew.
   */
  freshUntil(userId: number, now = Date.now()): number {
    const cached = this.cache.get(userId);
    return cached && cached.expiresAt > now ? cached.expiresAt : now + PROFILE_TTL_MS;
  }

  private async fetch(userId: number): Promise<OwnProfile> {
    try {
      return this.found(await this.ask(userId)) as OwnProfile;
    } catch (error) {
      const last = this.lastKnown.get(userId);
      if (last && !(error instanceof ServiceError && error.code === 'NOT_FOUND')) return last;
      throw error;
    }
  }

  /** A profile auth answered, kept as the last known one (undefined: none answered). */
  private found(profile: OwnProfile | undefined): OwnProfile | undefined {
    if (!profile) return undefined;
    this.lastKnown.delete(profile.id);
    this.lastKnown.set(profile.id, profile);
    if (this.lastKnown.size > MAX_PROFILES)
      this.lastKnown.delete(this.lastKnown.keys().next().value as number);
    return profile;
  }

  private async ask(userId: number): Promise<OwnProfile> {
    return ownProfileOf(await this.bus.request(authContracts.getUser, { userId }));
  }

  private async askMany(userIds: readonly number[]): Promise<Map<number, OwnProfile>> {
    const profiles = await this.bus.request(authContracts.getProfiles, { userIds: [...userIds] });
    return new Map(profiles.map((profile) => [profile.id, ownProfileOf(profile)]));
  }
}

/** What the own node shows of an account, and nothing else. */
function ownProfileOf(user: OwnProfile): OwnProfile {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    avatarUrl: user.avatarUrl,
    createdAt: user.createdAt,
  };
}
