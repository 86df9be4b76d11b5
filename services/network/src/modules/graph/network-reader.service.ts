import { Injectable } from '@nestjs/common';
import type { Connection } from '@warmpath/contracts';
import { LoadedNetwork } from './loaded-network.js';
import { NetworkRepository } from './network.repository.js';
import { deriveCompanyLinks, toConnection, toKnowsLink } from './network-view.mapper.js';
import { SharedRowTexts } from './shared-texts.js';

/**
 * Loaded networks kept in memory, most recently used first, up to this many people in all
 * (~1 kB each with their links): a few 30,000-person networks, or many small ones, or the members
 * of one 10-person workspace (10,000 to 30,000 each), so a member's import reloads only theirs.
 */
export const MAX_CACHED_PEOPLE = 250_000;

export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * The current network of a user, loaded once per (version, day) and shared by the snapshot, paths
 * and stats. Its company links are derived from the people here, never read from the database. The version check is one primary-key read; concurrent loads of the same version share
 * one query (single flight).
 */
@Injectable()
export class NetworkReader {
  private readonly cache = new Map<number, LoadedNetwork>();
  private readonly loading = new Map<string, Promise<LoadedNetwork>>();
  private cachedPeople = 0;
  /** The texts that repeat across loaded people, one string each (shared-texts.ts). */
  private readonly texts = new SharedRowTexts();
  /** Budget of the cache, in people (a property so tests can shrink it). */
  maxCachedPeople = MAX_CACHED_PEOPLE;

  constructor(private readonly repository: NetworkRepository) {}

  /** `knownVersion` saves the version read when the caller has just read it. */
  async current(userId: number, knownVersion?: string, now = new Date()): Promise<LoadedNetwork> {
    const version = knownVersion ?? (await this.repository.findVersion(userId));
    const day = utcDay(now);
    const cached = this.cache.get(userId);
    if (cached && cached.version === version && cached.day === day) {
      this.remember(cached);
      return cached;
    }
    const flightKey = `${userId}:${version}:${day}`;
    let flight = this.loading.get(flightKey);
    if (!flight) {
      flight = this.load(userId, now).finally(() => this.loading.delete(flightKey));
      this.loading.set(flightKey, flight);
    }
    return flight;
  }

  private async load(userId: number, now: Date): Promise<LoadedNetwork> {
    const { version, people } = await this.people(userId, now);
    const network = new LoadedNetwork(
      userId,
      version,
      utcDay(now),
      people,
      () => people.map((person) => toKnowsLink(person, userId)),
      () => deriveCompanyLinks(people, userId),
    );
    // A slower load of an older version must not replace a newer one already cached.
    const cached = this.cache.get(userId);
    if (!cached || BigInt(cached.version) <= BigInt(network.version)) this.remember(network);
    return network;
  }

  /**
   * The stored rows mapped to people, in a function of its own: the link builders a LoadedNetwork
   * keeps close over `load`'s scope, and a closure there over the rows kept every pg row of the
   * network alive with it (docs/performance.md "The rows kept with each network").
   */
  private async people(userId: number, now: Date): Promise<{ version: string; people: Connection[] }> {
    const rows = await this.repository.findNetwork(userId);
    const scored = rows.scored === true;
    return {
      version: rows.version,
      people: rows.connections.map((row) => toConnection(this.texts.shareRow(row), now, scored)),
    };
  }

  private remember(network: LoadedNetwork): void {
    const previous = this.cache.get(network.userId);
    if (previous) {
      this.cache.delete(network.userId);
      this.cachedPeople -= previous.people.length;
    }
    this.cache.set(network.userId, network);
    this.cachedPeople += network.people.length;
    // Map order is insertion order: the first entries are the least recently used.
    for (const [userId, oldest] of this.cache) {
      if (this.cachedPeople <= this.maxCachedPeople || oldest === network) break;
      this.cache.delete(userId);
      this.cachedPeople -= oldest.people.length;
    }
  }
}
