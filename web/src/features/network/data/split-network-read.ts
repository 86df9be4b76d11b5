import type { Connection, TeamNetworkData } from '@warmpath/contracts';
import { applyViewerPatch, type ViewerPatch, type WireNetwork } from '@warmpath/domain';
import { messageOf, readConditional, type Cached } from './conditional-read';
import { NETWORK_ACCEPT, readNetwork } from './read-network';

/** How many times the three parts are read before the per-viewer route is asked instead. */
export const SPLIT_ATTEMPTS = 3;

/** The measure of each applyViewerPatch on the worker's timeline (`detail`: people, links, attempt). */
export const APPLY_PATCH_MEASURE = 'warmpath:apply-viewer-patch';

/**
 * GET /api/teams/{id}/network/patch's body: the patch, the ETag of the base it was made for and
 * the version of your own network whose records it indexes (GET /api/network's X-Network-Version).
 */
export interface PatchAnswer {
  base: string;
  own: string;
  patch: ViewerPatch;
}

/** Your own network as the split read takes it: its version (X-Network-Version) and its records. */
interface OwnNetwork {
  version: string;
  records: Connection[];
}

/** The header of GET /api/network naming the version of the network it answers. */
export const NETWORK_VERSION_HEADER = 'x-network-version';

export type SplitRead =
  | { kind: 'assembled'; network: TeamNetworkData; version: string; attempts: number; applyMs: number }
  | { kind: 'unchanged'; version: string; attempts: number }
  | { kind: 'fallback'; reason: string; attempts: number };

/** The split read's routes for a workspace's network URL (…/api/teams/{id}/network); null for another. */
export function splitRoutes(url: string): { base: string; patch: string; own: string } | null {
  const match = /^(.*)\/api\/teams\/\d+\/network$/.exec(url);
  return match ? { base: `${url}/base`, patch: `${url}/patch`, own: `${match[1]}/api/network` } : null;
}

/** An ETag's opaque part: a proxy that compresses may weaken the base's ETag (W/), which names the same base. */
const opaque = (etag: string): string => etag.trim().replace(/^W\//, '');

async function readBase(response: Response): Promise<WireNetwork> {
  const base = await readNetwork(response);
  if (!base.connections || !base.relationships || !base.companies || !base.workspace)
    throw new Error('the base is not a workspace network');
  return base as WireNetwork;
}

async function readPatch(response: Response): Promise<PatchAnswer> {
  const body = (await response.json()) as Partial<PatchAnswer> | null;
  if (typeof body?.base !== 'string' || typeof body.own !== 'string' || !body.patch)
    throw new Error('the patch answer is malformed');
  return body as PatchAnswer;
}

/**
 * The viewer's records as applyViewerPatch takes them (their own network's people, their own node
 * left out) and the version they are of; held with them, so a 304 keeps it.
 */
async function readOwn(response: Response): Promise<OwnNetwork> {
  const version = response.headers.get(NETWORK_VERSION_HEADER);
  if (!version) throw new Error('an answer without X-Network-Version');
  return { version, records: ownRecordsOf((await readNetwork(response)).connections ?? []) };
}

const ownRecordsOf = (connections: readonly Connection[]): Connection[] =>
  connections.filter((person) => !person.isUser);

/**
 * A workspace's network as base + viewer patch + the viewer's own network
 * (docs/workspace-network.md#in-the-browser): the three read at once, each revalidated with its
 * own ETag; when the patch names another base or another version of your own network, or
 * applyViewerPatch refuses the three (one of them moved between the reads), read again, at most
 * SPLIT_ATTEMPTS times; when a route fails, or the
 * attempts run out, the answer is `fallback` and the caller reads the per-viewer route.
 * Holds the last parts of one workspace (the base's people are the assembled network's).
 */
export class SplitNetworkReader {
  private readonly bases = new Map<string, Cached<WireNetwork>>();
  private readonly patches = new Map<string, Cached<PatchAnswer>>();
  private readonly own = new Map<string, Cached<OwnNetwork>>();

  constructor(private readonly fetchFn: typeof fetch) {}

  /**
   * `heldVersion`: the version of the network the caller holds for `url` (unchanged parts:
   * `unchanged`). `ownHeld`: your own network as the caller holds it (its ETag, X-Network-Version
   * and people), read for the dashboard: revalidated instead of read again when this reader holds none.
   */
  async read(
    url: string,
    heldVersion: string | null,
    ownHeld?: { etag: string; version: string; connections: readonly Connection[] },
  ): Promise<SplitRead> {
    const routes = splitRoutes(url);
    if (!routes) return { kind: 'fallback', reason: `${url} is not a workspace network`, attempts: 0 };
    if (ownHeld && !this.own.has(routes.own))
      this.own.set(routes.own, {
        etag: ownHeld.etag,
        value: { version: ownHeld.version, records: ownRecordsOf(ownHeld.connections) },
      });
    for (const cache of [this.bases, this.patches])
      for (const key of cache.keys()) if (key !== routes.base && key !== routes.patch) cache.delete(key);
    let reason = '';
    for (let attempt = 1; attempt <= SPLIT_ATTEMPTS; attempt++) {
      const [base, patch, own] = await Promise.all([
        readConditional(this.fetchFn, routes.base, NETWORK_ACCEPT, this.bases, readBase),
        readConditional(this.fetchFn, routes.patch, 'application/json', this.patches, readPatch),
        readConditional(this.fetchFn, routes.own, NETWORK_ACCEPT, this.own, readOwn),
      ]);
      if (!base.ok || !patch.ok || !own.ok) {
        const reasons = [base, patch, own].flatMap((part) => (part.ok ? [] : [part.reason]));
        return { kind: 'fallback', reason: reasons.join('; '), attempts: attempt };
      }
      if (opaque(patch.value.base) !== opaque(base.etag)) {
        reason = `the patch was made for the base ${patch.value.base}, not ${base.etag}`;
        continue;
      }
      // Count and ids of the records do not tell an import that changed only fields: the version does.
      if (patch.value.own !== own.value.version) {
        reason = `the patch was made for your network version ${patch.value.own}, not ${own.value.version}`;
        continue;
      }
      const version = `split ${base.etag} ${patch.etag} ${own.etag}`;
      if (version === heldVersion) return { kind: 'unchanged', version, attempts: attempt };
      try {
        const started = performance.now();
        const network = applyViewerPatch(base.value, own.value.records, patch.value.patch);
        const applyMs = measureApply(started, network, attempt);
        return { kind: 'assembled', network, version, attempts: attempt, applyMs };
      } catch (error) {
        reason = messageOf(error);
      }
    }
    return { kind: 'fallback', reason, attempts: SPLIT_ATTEMPTS };
  }
}

/** The apply's wall time, also as a measure on the worker's timeline (bench:workspace, the performance panel). */
function measureApply(started: number, network: TeamNetworkData, attempt: number): number {
  const ended = performance.now();
  try {
    performance.measure(APPLY_PATCH_MEASURE, {
      start: started,
      end: ended,
      detail: { people: network.connections.length, links: network.relationships.length, attempt },
    });
  } catch {
    // A timeline without User Timing (some test environments): the time is still answered.
  }
  return ended - started;
}
