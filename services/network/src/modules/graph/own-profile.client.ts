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
    const cached = this.cache.get(userId);
    if (cached && cached.expiresAt > now) return cached.profile;
    const profile = this.fetch(userId);
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
      const profile = await this.ask(userId);
      this.lastKnown.delete(userId);
      this.lastKnown.set(userId, profile);
      if (this.lastKnown.size > MAX_PROFILES)
        this.lastKnown.delete(this.lastKnown.keys().next().value as number);
      return profile;
    } catch (error) {
      const last = this.lastKnown.get(userId);
      if (last && !(error instanceof ServiceError && error.code === 'NOT_FOUND')) return last;
      throw error;
    }
  }

  private async ask(userId: number): Promise<OwnProfile> {
    const user = await this.bus.request(authContracts.getUser, { userId });
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      avatarUrl: user.avatarUrl,
      createdAt: user.createdAt,
    };
  }
}
