import {
  snapshotField,
  teamNetworkBaseKey,
  teamNetworkPatchesKey,
  teamPatchField,
} from '@warmpath/contracts';
import type { SplitStatus, SplitVersion, StoredParts, TeamSplitStore } from './team-split.store.js';

/**
 * TeamSplitStore in memory, for unit specs (the Redis side is team-split.integration-spec.ts's):
 * hashes by key, the same rules (fields are added only while the version's base exists), and a
 * log of what was written, in order.
 */
export class SplitStoreInMemory {
  readonly hashes = new Map<string, Map<string, Buffer | string>>();
  readonly wanted = new Map<string, number[]>();
  /** What was written, in order: `base` (with its first patch's members), `patches`, `whole`, `gzip`. */
  readonly log: { kind: 'base' | 'patches' | 'whole' | 'gzip'; members: number[] }[] = [];
  /** Makes the next addPatches call fail (a Redis error mid-build). */
  failNextPatches = false;

  asStore(): TeamSplitStore {
    return this as unknown as TeamSplitStore;
  }

  base(version: SplitVersion): Map<string, Buffer | string> | undefined {
    return this.hashes.get(teamNetworkBaseKey(version.teamId, version.fingerprint));
  }

  patches(version: SplitVersion): Map<string, Buffer | string> | undefined {
    return this.hashes.get(teamNetworkPatchesKey(version.teamId, version.fingerprint));
  }

  async status(version: SplitVersion, viewerId: number): Promise<SplitStatus> {
    const base = this.base(version);
    const patches = this.patches(version);
    return {
      base: base?.has(snapshotField('compact', 'br')) ?? false,
      whole: base?.has('meta') ?? false,
      patch: patches?.has(teamPatchField(viewerId, 'br')) ?? false,
      patchFields: patches?.size ?? 0,
    };
  }

  async has(version: SplitVersion): Promise<boolean> {
    return this.base(version)?.has('meta') ?? false;
  }

  async parts(version: SplitVersion): Promise<StoredParts> {
    const pooled = this.base(version)?.get('pooled');
    const patches = new Set<number>();
    for (const field of this.patches(version)?.keys() ?? [])
      if (field.endsWith(':br')) patches.add(Number(field.slice(0, -3)));
    return {
      whole: this.base(version)?.has('meta') ?? false,
      pooled: typeof pooled === 'string' ? (JSON.parse(pooled) as Record<string, string>) : null,
      patches,
    };
  }

  async saveBase(
    version: SplitVersion,
    base: Buffer,
    pooled: Record<string, string>,
    first: Record<string, Buffer>,
  ): Promise<void> {
    const patchesKey = teamNetworkPatchesKey(version.teamId, version.fingerprint);
    const patches = this.hashes.get(patchesKey) ?? new Map();
    for (const [field, bytes] of Object.entries(first)) patches.set(field, bytes);
    if (patches.size > 0) this.hashes.set(patchesKey, patches);
    const baseKey = teamNetworkBaseKey(version.teamId, version.fingerprint);
    const hash = this.hashes.get(baseKey) ?? new Map();
    hash.set(snapshotField('compact', 'br'), base).set('pooled', JSON.stringify(pooled));
    this.hashes.set(baseKey, hash);
    this.log.push({ kind: 'base', members: membersOf(first) });
  }

  async addPatches(version: SplitVersion, fields: Record<string, Buffer>): Promise<boolean> {
    if (this.failNextPatches) {
      this.failNextPatches = false;
      throw new Error('Redis went away');
    }
    const added = await this.addFields(
      version,
      teamNetworkPatchesKey(version.teamId, version.fingerprint),
      fields,
    );
    if (added) this.log.push({ kind: 'patches', members: membersOf(fields) });
    return added;
  }

  async addFields(
    version: SplitVersion,
    key: string,
    fields: Record<string, Buffer | string>,
  ): Promise<boolean> {
    if (!this.base(version)?.has(snapshotField('compact', 'br'))) return false;
    const hash = this.hashes.get(key) ?? new Map();
    for (const [field, bytes] of Object.entries(fields)) hash.set(field, bytes);
    this.hashes.set(key, hash);
    if (Object.keys(fields).some((field) => field.endsWith('gzip')))
      this.log.push({ kind: 'gzip', members: [] });
    return true;
  }

  async complete(version: SplitVersion, members: readonly number[]): Promise<boolean> {
    const done = await this.addFields(version, teamNetworkBaseKey(version.teamId, version.fingerprint), {
      meta: JSON.stringify({ fingerprint: version.fingerprint, members }),
    });
    if (done) this.log.push({ kind: 'whole', members: [...members] });
    return done;
  }

  async field(key: string, field: string): Promise<Buffer | null> {
    const value = this.hashes.get(key)?.get(field);
    return value === undefined ? null : Buffer.from(value);
  }

  async hasField(key: string, field: string): Promise<boolean> {
    return this.hashes.get(key)?.has(field) ?? false;
  }

  async want(version: SplitVersion, userId: number): Promise<void> {
    const key = `${version.teamId}:${version.fingerprint}`;
    this.wanted.set(key, [...(this.wanted.get(key) ?? []), userId]);
  }

  async takeWanted(version: SplitVersion): Promise<number[]> {
    const key = `${version.teamId}:${version.fingerprint}`;
    const taken = this.wanted.get(key) ?? [];
    this.wanted.delete(key);
    return taken;
  }

  async remove(teamId: number): Promise<void> {
    for (const key of [...this.hashes.keys()]) if (key.includes(`:${teamId}:`)) this.hashes.delete(key);
  }
}

const membersOf = (fields: Record<string, unknown>): number[] =>
  Object.keys(fields)
    .filter((field) => field.endsWith(':br'))
    .map((field) => Number(field.slice(0, -3)));
