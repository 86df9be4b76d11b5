import { teamBaseEtag, teamPatchField, type ViewerPatchBody } from '@warmpath/contracts';
import {
  compactJsonPieces,
  encodeBaseInSlices,
  viewerPatchInSlices,
  type SharedPool,
} from '@warmpath/domain';
import { ServiceError } from '@warmpath/server-kit';
import { brotliOfPieces, brotliSnapshot } from '../graph/snapshot-representations.js';
import type { BuildLock } from './build-lock.js';
import { workspaceSplitBuilds, workspaceSplitPatches } from './pool-metrics.js';
import { piecesSliced, runSliced, SLICE_MS } from './sliced-run.js';
import type { TeamNetworks, TeamState } from './team-networks.service.js';
import type { SplitVersion, TeamSplitStore } from './team-split.store.js';

/** Patches built, then compressed at once (each in the thread pool), between two looks at who asks. */
const PATCH_BATCH = 4;

export const SPLIT_MOVED_ON =
  'This workspace changed while its network was being prepared. Please try again in a moment.';

/** What a reader waits for: the base, one member's patch (with the base), or the whole version. */
export type SplitNeed = { kind: 'base' } | { kind: 'patch'; userId: number } | { kind: 'whole' };

interface Deferred {
  promise: Promise<void>;
  settled: boolean;
  resolve(): void;
  reject(error: unknown): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
  // A part no reader waits for may fail: not an unhandled rejection.
  promise.catch(() => undefined);
  const part: Deferred = {
    promise,
    settled: false,
    resolve: () => ((part.settled = true), resolve()),
    reject: (error) => ((part.settled = true), reject(error)),
  };
  return part;
}

/**
 * One replica's build of one workspace version (docs/workspace-network.md "Wiring: one build across
 * replicas"): the shared pool, the base and the first asker's patch, stored together and answered
 * at once; then every other member's patch, in the background, in the order readers ask for them
 * (on this replica or, through the store's wanted list, on another), then in the members' order;
 * the version marked whole last. Parts another replica stored before (a build it began and did not
 * end) are not built again. It holds the version's build lock throughout and renews it, so the
 * other replicas wait for it (and ask it for patches) rather than build alongside.
 */
export class SplitBuild {
  private readonly base = deferred();
  private readonly whole = deferred();
  private readonly patches = new Map<number, Deferred>();
  /** Members asked for on this replica or another, first asked first. */
  private readonly asked: number[] = [];
  readonly members: readonly number[];

  constructor(
    private readonly teams: TeamNetworks,
    private readonly store: TeamSplitStore,
    private readonly state: TeamState,
    readonly version: SplitVersion,
    private readonly first: number,
  ) {
    this.members = state.membership.members.map((member) => member.userId);
    for (const userId of this.members) this.patches.set(userId, deferred());
  }

  /** Resolves once what `need` names is stored; rejects when the build fails first. */
  wait(need: SplitNeed): Promise<void> {
    if (need.kind === 'base') return this.base.promise;
    if (need.kind === 'whole') return this.whole.promise;
    const patch = this.patches.get(need.userId);
    if (!patch) return Promise.reject(new ServiceError('SERVICE_UNAVAILABLE', SPLIT_MOVED_ON));
    this.ask(need.userId);
    return patch.promise;
  }

  /**
   * Builds what is not stored yet. Answers 'found' when the whole version was stored already,
   * 'built' otherwise; every part a reader waits for fails with the build's error.
   */
  async run(lock: BuildLock | null, renewMs: number): Promise<'built' | 'found'> {
    const renewal = lock ? setInterval(() => void lock.extend(), renewMs).unref() : undefined;
    try {
      const parts = await this.store.parts(this.version);
      if (parts.whole) {
        this.settleAll();
        workspaceSplitBuilds.inc({ outcome: 'found' });
        return 'found';
      }
      workspaceSplitBuilds.inc({ outcome: 'built' });
      for (const userId of parts.patches) this.patches.get(userId)?.resolve();
      const { pool, versions } = await this.teams.sharedPool(this.state);
      const pooled = Object.fromEntries(
        this.members.map((userId) => [String(userId), versions.get(userId) ?? '0'] as const),
      );
      if (parts.pooled) {
        // A base another replica stored: patches of other records would not pair with it.
        if (this.members.some((userId) => parts.pooled?.[String(userId)] !== pooled[String(userId)]))
          throw new ServiceError('SERVICE_UNAVAILABLE', SPLIT_MOVED_ON);
      } else await this.storeBase(pool, versions, pooled);
      this.base.resolve();
      for (;;) {
        for (const userId of await this.store.takeWanted(this.version)) this.ask(userId);
        const batch = this.nextBatch();
        if (batch.length === 0) break;
        const texts: Buffer[] = [];
        for (const userId of batch) texts.push(await this.patchText(pool, versions, userId));
        const compressed = await Promise.all(texts.map((text) => brotliSnapshot(text)));
        // In the batch's order (those asked for first), whichever compression ended first.
        const fields: Record<string, Buffer> = {};
        batch.forEach((userId, at) => (fields[teamPatchField(userId, 'br')] = compressed[at] as Buffer));
        if (!(await this.store.addPatches(this.version, fields)))
          throw new ServiceError('SERVICE_UNAVAILABLE', SPLIT_MOVED_ON);
        for (const userId of batch) this.patches.get(userId)?.resolve();
        workspaceSplitPatches.inc({ order: 'after' }, batch.length);
      }
      if (!(await this.store.complete(this.version, this.members)))
        throw new ServiceError('SERVICE_UNAVAILABLE', SPLIT_MOVED_ON);
      this.whole.resolve();
      return 'built';
    } catch (error) {
      for (const part of [this.base, this.whole, ...this.patches.values()])
        if (!part.settled) part.reject(error);
      throw error;
    } finally {
      clearInterval(renewal);
      await lock?.release();
    }
  }

  /** The base (brotli) and the first asker's patch, stored in one transaction. */
  private async storeBase(
    pool: SharedPool,
    versions: ReadonlyMap<number, string>,
    pooled: Record<string, string>,
  ) {
    // Each step in slices, the event loop turning between them (runSliced): at hundreds of
    // thousands of people each is seconds of CPU (docs/workspace-network.md "One shared build per
    // workspace version"). In the background (foreground-work.ts): a list index read meanwhile
    // goes first.
    // Written from the pool, not encoded from a network of it (docs/workspace-network.md "The
    // base's compact form, written from the pool").
    const compact = await runSliced(encodeBaseInSlices(pool, this.state.teamId), SLICE_MS, true);
    // The base's text is written a piece at a time into brotli, which runs in the thread pool,
    // while the first patch is built here: the whole text is never held (docs/workspace-network.md
    // "The base's text streamed into brotli").
    const base = brotliOfPieces(piecesSliced(compactJsonPieces(compact), SLICE_MS, true));
    base.catch(() => undefined);
    const first: Record<string, Buffer> = {};
    const asker = this.patches.get(this.first)?.settled === false ? this.first : undefined;
    if (asker !== undefined)
      first[teamPatchField(asker, 'br')] = await brotliSnapshot(await this.patchText(pool, versions, asker));
    await this.store.saveBase(this.version, await base, pooled, first);
    if (asker !== undefined) {
      this.patches.get(asker)?.resolve();
      workspaceSplitPatches.inc({ order: 'first' });
    }
  }

  /**
   * A member's patch body: it names the base's ETag and the member's own network version its
   * records were pooled at (`own`, what their GET /api/network says in X-Network-Version for the
   * same records), so a reader pairs the three (docs/workspace-network.md "Pairing the versions").
   */
  private async patchText(
    pool: SharedPool,
    versions: ReadonlyMap<number, string>,
    userId: number,
  ): Promise<Buffer> {
    const own = versions.get(userId) ?? '0';
    const patch = await runSliced(viewerPatchInSlices(pool, userId), SLICE_MS, true);
    const body: ViewerPatchBody = { base: teamBaseEtag(this.version.fingerprint), own, patch: { ...patch } };
    return Buffer.from(JSON.stringify(body));
  }

  private ask(userId: number): void {
    if (this.patches.get(userId)?.settled === false && !this.asked.includes(userId)) this.asked.push(userId);
  }

  /** Those asked for first, then the next members in order; none stored or built already. */
  private nextBatch(): number[] {
    const batch: number[] = [];
    const pending = (userId: number) =>
      this.patches.get(userId)?.settled === false && !batch.includes(userId);
    while (batch.length < PATCH_BATCH && this.asked.length > 0) {
      const userId = this.asked.shift() as number;
      if (pending(userId)) batch.push(userId);
    }
    for (const userId of this.members) {
      if (batch.length >= PATCH_BATCH) break;
      if (pending(userId)) batch.push(userId);
    }
    return batch;
  }

  private settleAll(): void {
    for (const part of [this.base, this.whole, ...this.patches.values()]) part.resolve();
  }
}
