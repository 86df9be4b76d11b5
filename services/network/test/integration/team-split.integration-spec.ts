import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  networkGraphContracts,
  networkImportContracts,
  networkTeamGraphContracts,
  networkTeamSplitContracts,
  teamBaseEtag,
  teamNetworkBaseKey,
  teamNetworkPatchesKey,
  teamPatchField,
  viewerPatchBodySchema,
  WORKSPACE_NOT_FOUND,
  type SharingLevel,
  type TeamSplitRef,
} from '@warmpath/contracts';
import {
  applyViewerPatch,
  companyKey,
  decodeNetwork,
  type CompactNetwork,
  type ViewerPatch,
} from '@warmpath/domain';
import { BusClient, metricsRegistry } from '@warmpath/server-kit';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { buildLockKey, BuildLocks } from '../../src/modules/team-graph/build-lock.js';
import { TeamGraphHandler } from '../../src/modules/team-graph/team-graph.handler.js';
import { TeamNetworks, workspaceFingerprint } from '../../src/modules/team-graph/team-networks.service.js';
import { splitLockKey, TeamSplitService } from '../../src/modules/team-graph/team-split.service.js';
import { TeamSplitStore, wantedPatchesKey } from '../../src/modules/team-graph/team-split.store.js';
import { importPeople, type ImportedPerson, bumpVersion } from './network-database.testing.js';
import {
  membershipReply,
  REDIS_URL,
  startNetworkService,
  respondAccounts,
  userReply,
  type NetworkServiceUnderTest,
} from './network-service.testing.js';

// The base + viewer patch of a pooled network (docs/workspace-network.md "One snapshot per
// workspace version: base + viewer patch") on two replicas of the network service (two Nest
// applications in this process) on one Postgres, NATS and Redis, with the lock at its default:
// what the browser assembles is exactly each viewer's per-viewer snapshot, and a workspace version
// is built once across the replicas however many ask at once. Teams and auth are played by
// responders on the same NATS.

let replicas: NestFastifyApplication[] = [];
let bus: BusClient;
let redis: Redis;
let db: DataSource;
let service: NetworkServiceUnderTest;
const workspaces = new Map<number, Map<number, SharingLevel>>();

beforeAll(async () => {
  // TEAM_POOL_LOCK_MS unset: the lock is on by default.
  service = await startNetworkService({
    name: 'network-team-split-it',
    replicas: 2,
    requestTimeoutMs: 30_000,
    responders: (respond) => {
      respondAccounts(respond, (userId) =>
        userReply(userId, `Member${userId}`, 'Test', `member${userId}@example.com`),
      );
      respond<{ userId: number; teamId: number }>('teams.membership.get', ({ userId, teamId }) =>
        membershipReply(workspaces.get(teamId), userId, teamId),
      );
      respond<{ userId: number }>('teams.workspace.list', ({ userId }) => ({
        ok: true,
        data: [...workspaces]
          .filter(([, members]) => members.has(userId))
          .map(([id, members]) => ({
            id,
            name: `Workspace ${id}`,
            description: null,
            createdById: [...members.keys()][0],
            createdAt: '2026-11-01T00:00:00.000Z',
            memberCount: members.size,
            role: 'member',
            ownerName: 'Owner Test',
          })),
      }));
    },
  });
  expect(service.config.TEAM_POOL_LOCK_MS).toBe(30_000);
  ({ apps: replicas, bus, db } = service);
  redis = new Redis(REDIS_URL, { keyPrefix: service.redisPrefix });
});

afterAll(async () => {
  redis?.disconnect();
  await service?.close();
});

/** `count` people from `from` on: URL'd ones, some name-only, over a few companies and positions. */
const crowd = (from: number, count: number): ImportedPerson[] =>
  Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return {
      first: `Person${n}`,
      last: 'Test',
      company: `Company ${n % 5}`,
      position: n % 3 === 0 ? 'Head of Engineering' : 'Software Engineer',
      url: n % 4 === 0 ? undefined : `https://www.linkedin.com/in/person-${n}`,
      email: n % 6 === 0 ? `person${n}@example.com` : undefined,
      years: n % 9,
    };
  });

const unzip = (bytes: Buffer | null): unknown => JSON.parse(gunzipSync(bytes as Buffer).toString());

async function base(userId: number, teamId: number): Promise<{ ref: TeamSplitRef; compact: CompactNetwork }> {
  const ref = await bus.request(networkTeamSplitContracts.getBase, { userId, teamId });
  return { ref, compact: unzip(await redis.hgetBuffer(ref.key, ref.fields.gzip)) as CompactNetwork };
}

async function patch(userId: number, teamId: number) {
  const ref = await bus.request(networkTeamSplitContracts.getPatch, { userId, teamId });
  const body = viewerPatchBodySchema.parse(unzip(await redis.hgetBuffer(ref.key, ref.fields.gzip)));
  // The brotli field holds the same body.
  const br = JSON.parse(
    brotliDecompressSync((await redis.hgetBuffer(ref.key, ref.fields.br)) as Buffer).toString(),
  );
  expect(br).toEqual(body);
  return { ref, body: body as unknown as { base: string; own: string; patch: ViewerPatch } };
}

/**
 * The viewer's own network as the web app has it: GET /api/network's compact form, decoded, its
 * people bar the viewer (the records applyViewerPatch takes), and its version (X-Network-Version).
 */
async function ownNetwork(userId: number) {
  const ref = await bus.request(networkGraphContracts.getGraph, { userId });
  const compact = unzip(await redis.hgetBuffer(ref.key, 'compact-gzip')) as CompactNetwork;
  return { version: ref.version, records: decodeNetwork(compact).connections.slice(1) };
}

/** Today's per-viewer snapshot as the web app reads it: the compact form, decoded. */
async function perViewer(userId: number, teamId: number) {
  const ref = await bus.request(networkTeamGraphContracts.getTeamGraph, { userId, teamId });
  return decodeNetwork(unzip(await redis.hgetBuffer(ref.key, 'compact-gzip')) as CompactNetwork);
}

const counted = async (name: string, labels: Record<string, string> = {}): Promise<number> => {
  const metric = await metricsRegistry.getSingleMetric(name)?.get();
  return (
    metric?.values
      .filter((value) => Object.entries(labels).every(([k, v]) => value.labels[k] === v))
      .reduce((sum, value) => sum + value.value, 0) ?? 0
  );
};
const poolBuilds = () => counted('warmpath_workspace_pool_builds_total');
const splitBuilds = () => counted('warmpath_workspace_split_builds_total', { outcome: 'built' });
const splitsFound = () => counted('warmpath_workspace_split_builds_total', { outcome: 'found' });

/** Polls until `check` holds (the service reacts to an event on its own time), 20 s at most. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Condition not met within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('base + viewer patch: what the browser assembles is each viewer’s pooled network', () => {
  const [maya, ana, carl, olga] = [11, 12, 13, 14];
  const teamId = 800;

  beforeAll(async () => {
    workspaces.set(
      teamId,
      new Map<number, SharingLevel>([
        [maya, 'names'],
        [ana, 'emails'],
        [carl, 'counts'],
      ]),
    );
    // Overlapping own networks, each different: 0-59, 40-99, 80-139 (carl on counts only).
    await importPeople(db, maya, crowd(0, 60));
    await importPeople(db, ana, crowd(40, 60));
    await importPeople(db, carl, crowd(80, 60));
    await importPeople(db, olga, crowd(500, 5));
  });

  it('gives each viewer exactly their per-viewer snapshot: nodes, order, degrees, knownBy, ids, fields', async () => {
    const shared = await base(maya, teamId);
    expect(shared.ref.etag).toBe(teamBaseEtag(shared.ref.version));
    for (const viewer of [maya, ana, carl]) {
      // Every member reads the same base.
      expect((await base(viewer, teamId)).ref).toEqual(shared.ref);
      const { body } = await patch(viewer, teamId);
      expect(body.base).toBe(shared.ref.etag);
      expect(body.patch.viewerId).toBe(viewer);
      // The patch names the own network it indexes: the version GET /api/network says it is.
      const own = await ownNetwork(viewer);
      expect(body.own).toBe(own.version);
      const assembled = applyViewerPatch(decodeNetwork(shared.compact), own.records, body.patch);
      const expected = await perViewer(viewer, teamId);
      expect(expected.connections.length).toBeGreaterThan(100);
      expect(assembled).toStrictEqual(expected);
    }
  });

  it('names another own network in the patch after an import that changes only fields', async () => {
    const before = await ownNetwork(maya);
    expect((await patch(maya, teamId)).body.own).toBe(before.version);
    // Maya's re-import moves three of her people to another company: the same people, the same ids.
    await db.query(
      `UPDATE network.connections SET company = $2, company_key = $3
       WHERE owner_user_id = $1 AND first_name = ANY($4)`,
      [maya, 'Moved Corp', companyKey('Moved Corp'), ['Person1', 'Person2', 'Person3']],
    );
    const version = await bumpVersion(db, maya);
    const after = await ownNetwork(maya);
    expect(after.version).toBe(version);
    expect(after.records.map((person) => person.id)).toEqual(before.records.map((person) => person.id));
    const shared = await base(maya, teamId);
    const { body } = await patch(maya, teamId);
    expect(body.base).toBe(shared.ref.etag);
    expect(body.own).toBe(after.version);
    expect(body.own).not.toBe(before.version);
    const expected = await perViewer(maya, teamId);
    // Count and ids alone would let the old records through, into a wrong network: `own` tells them apart.
    const mixed = applyViewerPatch(decodeNetwork(shared.compact), before.records, body.patch);
    expect(mixed).not.toStrictEqual(expected);
    expect(applyViewerPatch(decodeNetwork(shared.compact), after.records, body.patch)).toStrictEqual(
      expected,
    );
  });

  it('keeps a non-member out of the base and the patch, as an unknown workspace', async () => {
    for (const request of [networkTeamSplitContracts.getBase, networkTeamSplitContracts.getPatch]) {
      for (const [userId, team] of [
        [olga, teamId],
        [maya, 999_999],
      ] as const)
        await expect(bus.request(request, { userId, teamId: team })).rejects.toMatchObject({
          code: 'NOT_FOUND',
          message: WORKSPACE_NOT_FOUND,
        });
    }
  });
});

describe('a workspace version is built once across replicas', () => {
  const [vera, matt, nina] = [21, 22, 23];
  const teamId = 801;
  const handler = (index: number) => (replicas[index] as NestFastifyApplication).get(TeamGraphHandler);

  beforeAll(async () => {
    workspaces.set(
      teamId,
      new Map<number, SharingLevel>([
        [vera, 'names'],
        [matt, 'profiles'],
        [nina, 'counts'],
      ]),
    );
    await importPeople(db, vera, crowd(1000, 80));
    await importPeople(db, matt, crowd(1050, 80));
    await importPeople(db, nina, crowd(1100, 40));
  });

  /** Every viewer asks both replicas for the base and their patch, all at once. */
  const askEverywhere = () =>
    Promise.all(
      [0, 1].flatMap((index) =>
        [vera, matt, nina].flatMap((userId) => [
          handler(index).base({ userId, teamId }),
          handler(index).patch({ userId, teamId }),
        ]),
      ),
    );

  it('builds a new version once in all, and both replicas answer the same', async () => {
    const [pools, splits] = [await poolBuilds(), await splitBuilds()];
    const refs = await askEverywhere();
    expect((await poolBuilds()) - pools).toBe(1);
    expect((await splitBuilds()) - splits).toBe(1);
    // Replica 1 answers what replica 0 does, viewer by viewer.
    expect(refs.slice(6)).toEqual(refs.slice(0, 6));
    const bases = refs.filter((_, at) => at % 2 === 0);
    expect(new Set(bases.map((ref) => ref.etag)).size).toBe(1);
    const patches = refs.slice(0, 6).filter((_, at) => at % 2 === 1);
    expect(new Set(patches.map((ref) => ref.etag)).size).toBe(3);
    // Asked again: nothing is built.
    await askEverywhere();
    expect((await poolBuilds()) - pools).toBe(1);
    expect((await splitBuilds()) - splits).toBe(1);
  });

  it('rebuilds once after a member’s import, without a read, with new ETags', async () => {
    const before = await base(vera, teamId);
    const beforePatch = await patch(vera, teamId);
    const [pools, splits] = [await poolBuilds(), await splitBuilds()];
    const version = await importPeople(db, matt, crowd(2000, 10));
    bus.publish(networkImportContracts.importCompleted, {
      importId: randomUUID(),
      userId: matt,
      version,
      inserted: 10,
      updated: 0,
      relationships: 10,
    });
    await eventually(async () => (await splitBuilds()) - splits === 1);
    const after = await base(vera, teamId);
    expect(after.ref.etag).not.toBe(before.ref.etag);
    expect(after.compact).not.toEqual(before.compact);
    const afterPatch = await patch(vera, teamId);
    expect(afterPatch.ref.etag).not.toBe(beforePatch.ref.etag);
    expect(afterPatch.body.base).toBe(after.ref.etag);
    // The reads after the event found it built; both replicas asked at once build nothing more.
    await askEverywhere();
    expect((await poolBuilds()) - pools).toBe(1);
    expect((await splitBuilds()) - splits).toBe(1);
    expect(await redis.ttl(after.ref.key)).toBeGreaterThan(3600);
  });

  it('makes a replica that waited for the lock serve what the holder stored, and build nothing', async () => {
    await importPeople(db, nina, crowd(3000, 5));
    const app = (index: number) => replicas[index] as NestFastifyApplication;
    const state = await app(0).get(TeamNetworks).state(vera, teamId);
    const version = { teamId, fingerprint: workspaceFingerprint(state) };
    // Replica 0 is building this version: it holds the lock as a build does.
    const holder = await app(0).get(BuildLocks).claim(splitLockKey(version));
    expect(holder).not.toBeNull();
    const [pools, splits, found] = [await poolBuilds(), await splitBuilds(), await splitsFound()];
    let answered = false;
    const reading = handler(1)
      .base({ userId: vera, teamId, encoding: 'br' })
      .then((ref) => ((answered = true), ref));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answered).toBe(false);
    // The holder stores its bytes (marked, to tell them from a build of replica 1's) and lets go.
    const marked = { br: Buffer.from('holder-br') };
    const store = app(0).get(TeamSplitStore);
    await store.saveBase(version, marked.br, {}, { [teamPatchField(vera, 'br')]: Buffer.from('vera') });
    await store.complete(version, [vera, matt, nina]);
    await holder?.release();
    const ref = await reading;
    expect(ref.version).toBe(version.fingerprint);
    expect(await redis.hgetBuffer(ref.key, ref.fields.br)).toEqual(marked.br);
    expect((await splitsFound()) - found).toBe(1);
    expect((await splitBuilds()) - splits).toBe(0);
    expect((await poolBuilds()) - pools).toBe(0);
  });
});

describe('an event that reaches the replica that served no reader', () => {
  const [oona, piet] = [31, 32];
  const teamId = 802;
  const handler = (index: number) => (replicas[index] as NestFastifyApplication).get(TeamGraphHandler);

  beforeAll(async () => {
    workspaces.set(
      teamId,
      new Map<number, SharingLevel>([
        [oona, 'names'],
        [piet, 'names'],
      ]),
    );
    await importPeople(db, oona, crowd(4000, 30));
    await importPeople(db, piet, crowd(4020, 30));
  });

  it('rebuilds what the other replica’s readers read, ahead of their next read', async () => {
    // Oona reads on replica 0 only; replica 1 has never seen this workspace.
    const before = await handler(0).base({ userId: oona, teamId });
    await handler(0).patch({ userId: oona, teamId });
    const splits = await splitBuilds();
    await importPeople(db, piet, crowd(4100, 5));
    // The queue group hands Piet's import to replica 1.
    await handler(1).memberImported(piet);
    expect((await splitBuilds()) - splits).toBe(1);
    // Oona's next read, on either replica, finds the new version stored: nothing more is built.
    const after = await handler(0).base({ userId: oona, teamId });
    expect(after.etag).not.toBe(before.etag);
    expect(await handler(1).base({ userId: oona, teamId })).toEqual(after);
    expect((await splitBuilds()) - splits).toBe(1);
  });
});

describe('the asker’s patch first, the others in the background, across replicas', () => {
  const members = [41, 42, 43, 44, 45, 46];
  const [asker, , , , fifth, last] = members as [number, number, number, number, number, number];
  const teamId = 803;
  const app = (index: number) => replicas[index] as NestFastifyApplication;
  const handler = (index: number) => app(index).get(TeamGraphHandler);

  beforeAll(async () => {
    workspaces.set(teamId, new Map<number, SharingLevel>(members.map((userId) => [userId, 'names'])));
    for (const [at, userId] of members.entries()) await importPeople(db, userId, crowd(6000 + at * 20, 40));
  });

  /** Resolves `gate` to let the paused call go on. */
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  it('answers a member who asks another replica during the background work, before the version is whole, building once', async () => {
    const store = app(0).get(TeamSplitStore);
    const [pools, splits] = [await poolBuilds(), await splitBuilds()];
    // Replica 0's build pauses after the base and the asker's patch, and again before it marks
    // the version whole: what happens meanwhile is the background's time.
    const resumed = gate();
    const wholeGate = gate();
    const takeWanted = store.takeWanted.bind(store);
    const complete = store.complete.bind(store);
    const paused = jest.spyOn(store, 'takeWanted').mockImplementationOnce(async (version) => {
      await resumed.opened;
      return takeWanted(version);
    });
    const marking = jest.spyOn(store, 'complete').mockImplementationOnce(async (version, all) => {
      await wholeGate.opened;
      return complete(version, all);
    });
    const adding = jest.spyOn(store, 'addPatches');
    try {
      const first = await handler(0).patch({ userId: asker, teamId, encoding: 'br' });
      const state = await app(0).get(TeamNetworks).state(asker, teamId);
      const version = { teamId, fingerprint: workspaceFingerprint(state) };
      expect(first.version).toBe(version.fingerprint);
      // The base and the asker's patch only.
      expect(await redis.hlen(first.key)).toBe(1);
      // The last member in order asks replica 1, which holds no build: it waits for replica 0's.
      const late = handler(1).patch({ userId: last, teamId, encoding: 'br' });
      await eventually(async () => (await redis.llen(wantedPatchesKey(version))) === 1);
      resumed.open();
      const ref = await late;
      // Built first after the base (before members ahead of it), before the version was whole.
      expect(ref.version).toBe(version.fingerprint);
      expect(await redis.hexists(ref.key, ref.fields.br)).toBe(1);
      expect(await redis.hexists(teamNetworkBaseKey(teamId, version.fingerprint), 'meta')).toBe(0);
      // Its patch was the first replica 0 built after the base, ahead of the members before it.
      expect(Object.keys(adding.mock.calls[0]?.[1] ?? {})[0]).toBe(teamPatchField(last, 'br'));
      wholeGate.open();
      await app(0).get(TeamSplitService).ensure(asker, teamId);
      expect(await redis.hexists(teamNetworkBaseKey(teamId, version.fingerprint), 'meta')).toBe(1);
      // One pool and one build in all: replica 1 built nothing.
      expect((await poolBuilds()) - pools).toBe(1);
      expect((await splitBuilds()) - splits).toBe(1);
      // And what it answered is exactly the member's pooled network.
      const shared = await base(last, teamId);
      const { body } = await patch(last, teamId);
      const own = await ownNetwork(last);
      expect(applyViewerPatch(decodeNetwork(shared.compact), own.records, body.patch)).toStrictEqual(
        await perViewer(last, teamId),
      );
      // No gzip was made until a client without brotli asked (the reads just above, for `last`).
      expect(await redis.hexists(first.key, teamPatchField(asker, 'gzip'))).toBe(0);
      expect(await redis.hexists(first.key, teamPatchField(last, 'gzip'))).toBe(1);
    } finally {
      resumed.open();
      wholeGate.open();
      paused.mockRestore();
      marking.mockRestore();
      adding.mockRestore();
    }
  });

  it('leaves the next reader, on the other replica, a correct answer when the builder fails mid-way', async () => {
    await importPeople(db, fifth, crowd(7000, 5));
    const store = app(0).get(TeamSplitStore);
    const [pools, splits] = [await poolBuilds(), await splitBuilds()];
    const failing = jest.spyOn(store, 'addPatches').mockRejectedValueOnce(new Error('Redis went away'));
    try {
      await handler(0).patch({ userId: asker, teamId, encoding: 'br' });
      // The background build failed storing its first batch: the version is not whole, the lock is free.
      const state = await app(0).get(TeamNetworks).state(asker, teamId);
      const version = { teamId, fingerprint: workspaceFingerprint(state) };
      await eventually(async () => (await redis.exists(buildLockKey(splitLockKey(version)))) === 0);
      expect(failing).toHaveBeenCalledTimes(1);
      expect(await redis.hlen(teamNetworkPatchesKey(teamId, version.fingerprint))).toBe(1);
      // Another member's read on replica 1 builds what is missing (the base stays as stored).
      const storedBase = await redis.hgetBuffer(
        teamNetworkBaseKey(teamId, version.fingerprint),
        'compact-br',
      );
      const ref = await handler(1).patch({ userId: fifth, teamId, encoding: 'br' });
      expect(ref.version).toBe(version.fingerprint);
      await app(1).get(TeamSplitService).ensure(fifth, teamId);
      expect(await redis.hgetBuffer(teamNetworkBaseKey(teamId, version.fingerprint), 'compact-br')).toEqual(
        storedBase,
      );
      expect((await splitBuilds()) - splits).toBe(2);
      // Replica 1 pooled the version too (it held no pool of it); nothing more.
      expect((await poolBuilds()) - pools).toBe(2);
      for (const viewer of [asker, fifth]) {
        const shared = await base(viewer, teamId);
        const { body } = await patch(viewer, teamId);
        const own = await ownNetwork(viewer);
        expect(body.base).toBe(shared.ref.etag);
        expect(applyViewerPatch(decodeNetwork(shared.compact), own.records, body.patch)).toStrictEqual(
          await perViewer(viewer, teamId),
        );
      }
    } finally {
      failing.mockRestore();
    }
  });
});
