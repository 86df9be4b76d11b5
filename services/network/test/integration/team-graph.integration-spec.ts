import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  networkGraphContracts,
  networkImportContracts,
  networkPathContracts,
  networkTeamGraphContracts,
  teamsEvents,
  WORKSPACE_NOT_FOUND,
  type SharingLevel,
  type TeamNetworkData,
} from '@warmpath/contracts';
import { decodeNetwork, HIDDEN_KNOWER, type CompactNetwork } from '@warmpath/domain';
import { BusClient } from '@warmpath/server-kit';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { SnapshotStore } from '../../src/modules/graph/snapshot.store.js';
import { TeamNetworks, type PooledTeamNetwork } from '../../src/modules/team-graph/team-networks.service.js';
import { importPeople } from './network-database.testing.js';
import {
  membershipReply,
  respondAccounts,
  userReply,
  REDIS_URL,
  startNetworkService,
  type NetworkServiceUnderTest,
} from './network-service.testing.js';

// The pooled workspace network on the real stack (Postgres, Redis, NATS): the network service
// runs whole; the teams and auth services are played by responders on the same NATS.

let app: NestFastifyApplication;
let bus: BusClient;
let redis: Redis;
let db: DataSource;
let service: NetworkServiceUnderTest;

const NAMES: Record<number, [string, string]> = {};
/** The teams service's state: workspace → its members and what each shares. */
const workspaces = new Map<number, Map<number, SharingLevel>>();

beforeAll(async () => {
  service = await startNetworkService({
    name: 'network-team-graph-it',
    responders: (respond) => {
      respondAccounts(respond, (userId) => {
        const [firstName, lastName] = NAMES[userId] ?? ['Someone', String(userId)];
        return userReply(userId, firstName, lastName, `${firstName.toLowerCase()}@example.com`);
      });
      respond<{ userId: number; teamId: number }>('teams.membership.get', ({ userId, teamId }) =>
        membershipReply(workspaces.get(teamId), userId, teamId),
      );
    },
  });
  ({ app, bus, db } = service);
  redis = new Redis(REDIS_URL, { keyPrefix: service.redisPrefix });
});

afterAll(async () => {
  redis?.disconnect();
  await service?.close();
});

let nextUser = 1;
const account = (firstName: string, lastName: string): number => {
  const userId = nextUser++;
  NAMES[userId] = [firstName, lastName];
  return userId;
};

let nextTeam = 100;
function workspace(members: [number, SharingLevel][]): number {
  const teamId = nextTeam++;
  workspaces.set(teamId, new Map(members));
  return teamId;
}

/** The pooled JSON as an API client reads it (asked for: it is built on its first ask). */
async function pooled(userId: number, teamId: number) {
  const ref = await bus.request(networkTeamGraphContracts.getTeamGraph, {
    userId,
    teamId,
    representation: 'json',
  });
  const gzip = await redis.hgetBuffer(ref.key, 'gzip');
  const data = JSON.parse(gunzipSync(gzip as Buffer).toString()) as TeamNetworkData;
  return { ref, data };
}

const people = (data: TeamNetworkData) => data.connections.filter((c) => !c.isUser && !c.isTeammate);
const names = (data: TeamNetworkData) =>
  people(data)
    .map((c) => c.firstName)
    .sort();

/** Polls until `check` holds (the service reacts to an event on its own time), 10 s at most. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The viewer's current snapshot key, as the service names it after each build. */
const currentKey = (teamId: number, userId: number) =>
  redis.get(`network:team-snapshot-current:${teamId}:${userId}`);

/** Reads, makes the change, announces it, and waits for the service to rebuild on its own. */
async function afterEvent(viewer: number, teamId: number, change: () => Promise<void> | void) {
  const before = await pooled(viewer, teamId);
  await change();
  await eventually(async () => (await currentKey(teamId, viewer)) !== before.ref.key);
  const after = await pooled(viewer, teamId);
  expect(after.ref.etag).not.toBe(before.ref.etag);
  return after.data;
}

const BEN = { first: 'Ben', last: 'Ortiz', company: 'Globex', position: 'Software Engineer' };

describe('GET /api/teams/{id}/network on the network service', () => {
  const maya = account('Maya', 'Chen');
  const ana = account('Ana', 'Lima');
  const carl = account('Carl', 'Diaz');
  const outsider = account('Olga', 'Out');

  beforeAll(async () => {
    await importPeople(db, maya, [{ ...BEN, url: 'https://www.linkedin.com/in/ben', years: 2 }]);
    await importPeople(db, ana, [
      { ...BEN, first: 'Benjamin', url: 'https://www.linkedin.com/in/ben', years: 6 },
      {
        first: 'Chen',
        last: 'Wu',
        company: 'Globex',
        position: 'Backend Engineer',
        url: 'https://www.linkedin.com/in/chen',
        years: 6,
      },
    ]);
    await importPeople(db, carl, [
      { first: 'Harper', last: 'Hidden', company: 'Initech', url: 'https://www.linkedin.com/in/harper' },
      { ...BEN, url: 'https://www.linkedin.com/in/ben' },
    ]);
    await importPeople(db, outsider, [{ first: 'Olga', last: 'Contact', company: 'Acme' }]);
  });

  it('pools the members’ people once each, known by every member, none of a member on counts only', async () => {
    const teamId = workspace([
      [maya, 'names'],
      [ana, 'names'],
      [carl, 'counts'],
    ]);
    const { ref, data } = await pooled(maya, teamId);
    expect(data.connections.slice(0, 3).map((c) => [c.id, c.isUser, c.isTeammate])).toEqual([
      [`u${maya}`, true, false],
      [`u${ana}`, false, true],
      [`u${carl}`, false, true],
    ]);
    expect(names(data)).toEqual(['Ben', 'Chen']);
    const [ben, chen] = people(data);
    expect(ben).toMatchObject({ userId: maya, connectionDegree: 1, knownBy: [maya, ana, HIDDEN_KNOWER] });
    expect(chen).toMatchObject({ userId: ana, connectionDegree: 2, knownBy: [ana], linkedinUrl: null });
    // Harper, known only by Carl, is the one person at Initech: counted, never named.
    expect(data.companies).toEqual([{ name: 'Globex', key: 'globex', count: 2 }]);
    expect(data.workspace.otherCompanyPeople).toBe(1);
    expect(JSON.stringify(data)).not.toMatch(/initech|harper/i);
    expect(data.workspace.members.find((m) => m.userId === carl)).toEqual({
      userId: carl,
      sharing: 'counts',
      people: 2,
      companies: 2,
    });
    expect(ref).toMatchObject({ connections: 5 });
    // A teammate's people never enter the viewer's own network.
    const own = await bus.request(networkGraphContracts.getGraph, { userId: maya });
    expect(own.connections).toBe(2);
  });

  it('pools a workspace version once for all its readers: who does not know a person shares their node', async () => {
    const teamId = workspace([
      [maya, 'names'],
      [ana, 'names'],
      [carl, 'names'],
    ]);
    const teams = app.get(TeamNetworks);
    const ofViewer = async (viewer: number) => teams.pooled(await teams.state(viewer, teamId));
    const [asMaya, asCarl, asAna] = await Promise.all([ofViewer(maya), ofViewer(carl), ofViewer(ana)]);
    const chenOf = (network: PooledTeamNetwork) => network.pooled.people.find((p) => p.firstName === 'Chen');
    // Chen, known by Ana only: one node for Maya and Carl, Ana's own (degree 1) for her.
    expect(chenOf(asMaya)).toBe(chenOf(asCarl));
    expect(chenOf(asMaya)).toMatchObject({ connectionDegree: 2, knownBy: [ana] });
    expect(chenOf(asAna)).toMatchObject({ connectionDegree: 1, knownBy: [ana] });
    // Ben, whom all three know, is each viewer's own record.
    expect(asMaya.pooled.people.find((p) => p.lastName === 'Ortiz')).toMatchObject({
      userId: maya,
      knownBy: [maya, ana, carl],
    });
    expect(asCarl.pooled.people.find((p) => p.lastName === 'Ortiz')).toMatchObject({
      userId: carl,
      knownBy: [carl, maya, ana],
    });
  });

  it('answers a non-member exactly as an unknown workspace, for the graph and for paths', async () => {
    const teamId = workspace([
      [maya, 'names'],
      [ana, 'names'],
    ]);
    const asOutsider = bus.request(networkTeamGraphContracts.getTeamGraph, { userId: outsider, teamId });
    await expect(asOutsider).rejects.toMatchObject({ code: 'NOT_FOUND', message: WORKSPACE_NOT_FOUND });
    const unknown = bus.request(networkTeamGraphContracts.getTeamGraph, { userId: maya, teamId: 99_999 });
    await expect(unknown).rejects.toMatchObject({ code: 'NOT_FOUND', message: WORKSPACE_NOT_FOUND });
    const path = bus.request(networkPathContracts.findPath, {
      userId: outsider,
      to: `u${maya}`,
      workspaceId: teamId,
    });
    await expect(path).rejects.toMatchObject({ code: 'NOT_FOUND', message: WORKSPACE_NOT_FOUND });
  });

  it('finds the warmest path through the teammate who knows the person, explained with names', async () => {
    const teamId = workspace([
      [maya, 'names'],
      [ana, 'names'],
      [carl, 'names'],
    ]);
    const { data } = await pooled(maya, teamId);
    const chen = people(data).find((c) => c.firstName === 'Chen');
    const path = await bus.request(networkPathContracts.findPath, {
      userId: maya,
      to: chen?.id ?? '',
      workspaceId: teamId,
    });
    expect(path.nodes.map((n) => n.id)).toEqual([`u${maya}`, `u${ana}`, chen?.id]);
    expect(path.hops.map((h) => h.explanation)).toEqual([
      'Ana Lima is your teammate',
      'Ana Lima knows Chen Wu (6 years)',
    ]);
    expect(path.links.map((l) => l.id)).toEqual([`u${maya}-u${ana}`, `u${ana}-${chen?.id}`]);
    const outside = bus.request(networkPathContracts.findPath, {
      userId: maya,
      to: '999999',
      workspaceId: teamId,
    });
    await expect(outside).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Connection not found' });
  });
});

describe('counts only: a company is named from hidden people only when 3 back it', () => {
  const vic = account('Vic', 'Viewer');
  const cora = account('Cora', 'Counts');
  beforeAll(async () => {
    await importPeople(db, vic, [{ first: 'Nia', last: 'Named', company: 'Acme', position: 'Engineer' }]);
    await importPeople(db, cora, [
      { first: 'Vera', last: 'Vaulted', company: 'Vault Inc', position: 'CFO' },
      { first: 'Gail', last: 'One', company: 'Globex', position: 'Engineer' },
      { first: 'Gary', last: 'Two', company: 'Globex', position: 'Engineer' },
      { first: 'Gwen', last: 'Three', company: 'Globex', position: 'Engineer' },
    ]);
  });

  it('names Globex: 3, never Vault Inc, in the JSON and in the compact form; other carries 1', async () => {
    const teamId = workspace([
      [vic, 'names'],
      [cora, 'counts'],
    ]);
    const { ref, data } = await pooled(vic, teamId);
    expect(names(data)).toEqual(['Nia']);
    expect(data.companies).toEqual([
      { name: 'Globex', key: 'globex', count: 3 },
      { name: 'Acme', key: 'acme', count: 1 },
    ]);
    expect(data.workspace.otherCompanyPeople).toBe(1);
    expect(data.workspace.members.find((m) => m.userId === cora)).toEqual({
      userId: cora,
      sharing: 'counts',
      people: 4,
      companies: 2,
    });
    const compact = brotliDecompressSync(
      (await redis.hgetBuffer(ref.key, 'compact-br')) as Buffer,
    ).toString();
    for (const text of [JSON.stringify(data), compact]) {
      expect(text).not.toMatch(/vault|vera/i);
      expect(text).toContain('Globex');
    }
    expect(decodeNetwork(JSON.parse(compact) as CompactNetwork).workspace?.otherCompanyPeople).toBe(1);
  });

  it('names Vault Inc once the member shares names (then the person shows)', async () => {
    const teamId = workspace([
      [vic, 'names'],
      [cora, 'names'],
    ]);
    const { data } = await pooled(vic, teamId);
    expect(data.companies).toContainEqual({ name: 'Vault Inc', key: 'vault', count: 1 });
    expect(data.workspace.otherCompanyPeople).toBe(0);
  });
});

describe('the pooled JSON is built on its first ask', () => {
  const lena = account('Lena', 'Lazy');
  const mark = account('Mark', 'Mate');
  beforeAll(async () => {
    await importPeople(db, lena, [{ ...BEN, url: 'https://www.linkedin.com/in/ben', years: 3 }]);
    await importPeople(db, mark, [
      { ...BEN, url: 'https://www.linkedin.com/in/ben' },
      { first: 'Ida', last: 'Iris', company: 'Initech', position: 'Engineer' },
    ]);
  });
  const team = () =>
    workspace([
      [lena, 'names'],
      [mark, 'profiles'],
    ]);
  const ask = (teamId: number, representation?: 'json' | 'compact') =>
    bus.request(networkTeamGraphContracts.getTeamGraph, { userId: lena, teamId, representation });
  const fields = async (key: string) => (await redis.hkeys(key)).sort();
  const meta = async (key: string) => JSON.parse((await redis.hget(key, 'meta')) ?? 'null') as unknown;

  it('stores the compact form only until a reader asks for the JSON, then adds it under the same ETag', async () => {
    const teamId = team();
    const compact = await ask(teamId);
    expect(compact.bytes).toBeNull();
    expect(await fields(compact.key)).toEqual(['compact-br', 'compact-gzip', 'meta']);
    expect(await meta(compact.key)).toEqual(compact);

    const full = await ask(teamId, 'json');
    expect(full).toEqual({ ...compact, bytes: expect.any(Object) });
    expect(await fields(full.key)).toEqual(['br', 'compact-br', 'compact-gzip', 'gzip', 'meta']);
    expect(await meta(full.key)).toEqual(full);
    // Still the snapshot's TTL: never a hash kept for ever.
    expect(await redis.ttl(full.key)).toBeGreaterThan(3600);
    const gzip = (await redis.hgetBuffer(full.key, 'gzip')) as Buffer;
    const br = (await redis.hgetBuffer(full.key, 'br')) as Buffer;
    expect(full.bytes).toEqual({ identity: gunzipSync(gzip).length, br: br.length, gzip: gzip.length });
    const json = JSON.parse(brotliDecompressSync(br).toString()) as TeamNetworkData;
    const columns = (await redis.hgetBuffer(full.key, 'compact-br')) as Buffer;
    const decoded = decodeNetwork(JSON.parse(brotliDecompressSync(columns).toString()) as CompactNetwork);
    expect(decoded).toEqual(json);
    expect(names(json)).toEqual(['Ben', 'Ida']);

    // Known now: the next compact reader gets the whole reference, nothing is built again.
    expect(await ask(teamId)).toEqual(full);
  });

  it('builds the JSON once for concurrent first asks', async () => {
    const teamId = team();
    const compact = await ask(teamId);
    const store = app.get(SnapshotStore);
    const addFields = jest.spyOn(store, 'addFields');
    try {
      const [a, b, c] = await Promise.all([ask(teamId, 'json'), ask(teamId, 'json'), ask(teamId, 'json')]);
      expect(a).toEqual(b);
      expect(b).toEqual(c);
      expect(a.etag).toBe(compact.etag);
      expect(addFields).toHaveBeenCalledTimes(1);
    } finally {
      addFields.mockRestore();
    }
  });

  it('stores a snapshot gone from Redis whole, never as a hash of JSON fields alone', async () => {
    const teamId = team();
    const compact = await ask(teamId);
    await redis.del(compact.key);
    const full = await ask(teamId, 'json');
    expect(full.key).toBe(compact.key);
    expect(full.etag).toBe(compact.etag);
    expect(full.bytes).not.toBeNull();
    expect(await fields(full.key)).toEqual(['br', 'compact-br', 'compact-gzip', 'gzip', 'meta']);
    expect(await redis.ttl(full.key)).toBeGreaterThan(3600);
  });

  it('rebuilds on an event with the compact form only', async () => {
    const teamId = team();
    const before = await ask(teamId, 'json');
    const version = await importPeople(db, mark, [{ first: 'Nora', last: 'Next', company: 'Initech' }]);
    bus.publish(networkImportContracts.importCompleted, {
      importId: randomUUID(),
      userId: mark,
      version,
      inserted: 1,
      updated: 0,
      relationships: 1,
    });
    await eventually(async () => (await currentKey(teamId, lena)) !== before.key);
    const key = (await currentKey(teamId, lena)) as string;
    expect(await fields(key)).toEqual(['compact-br', 'compact-gzip', 'meta']);
    const after = await ask(teamId, 'json');
    expect(after.key).toBe(key);
    expect(after.etag).not.toBe(before.etag);
  });
});

describe('pooled snapshots are rebuilt on every workspace event', () => {
  const viewer = account('Vera', 'View');
  const mate = account('Matt', 'Mate');
  const joiner = account('Jo', 'Join');
  beforeAll(async () => {
    await importPeople(db, viewer, [{ first: 'Vic', last: 'Own', company: 'Acme' }]);
    await importPeople(db, mate, [
      { first: 'Mo', last: 'Mates', company: 'Umbrella', url: 'https://www.linkedin.com/in/mo' },
    ]);
    await importPeople(db, joiner, [{ first: 'Jay', last: 'Joiners', company: 'Hooli' }]);
  });

  it('teams.member.joined: the newcomer’s people appear', async () => {
    const teamId = workspace([
      [viewer, 'names'],
      [mate, 'names'],
    ]);
    const data = await afterEvent(viewer, teamId, () => {
      workspaces.get(teamId)?.set(joiner, 'names');
      const joinedAt = new Date().toISOString();
      bus.publish(teamsEvents.memberJoined, {
        teamId,
        userId: joiner,
        role: 'member',
        joinedAt,
        via: 'invitation',
      });
    });
    expect(names(data)).toEqual(['Jay', 'Mo', 'Vic']);
  });

  it('teams.member.left: everything the member brought is withdrawn', async () => {
    const teamId = workspace([
      [viewer, 'names'],
      [mate, 'names'],
    ]);
    const data = await afterEvent(viewer, teamId, () => {
      workspaces.get(teamId)?.delete(mate);
      bus.publish(teamsEvents.memberLeft, {
        teamId,
        userId: mate,
        reason: 'left',
        leftAt: new Date().toISOString(),
      });
    });
    expect(names(data)).toEqual(['Vic']);
    expect(data.connections.filter((c) => c.isTeammate)).toEqual([]);
  });

  it('teams.sharing.changed: profile URLs show from the moment a member shares them, and go on counts only', async () => {
    const teamId = workspace([
      [viewer, 'names'],
      [mate, 'names'],
    ]);
    const sharing = (level: SharingLevel) => () => {
      workspaces.get(teamId)?.set(mate, level);
      bus.publish(teamsEvents.sharingChanged, { teamId, userId: mate, sharing: level });
    };
    const profiles = await afterEvent(viewer, teamId, sharing('profiles'));
    expect(people(profiles).find((c) => c.firstName === 'Mo')?.linkedinUrl).toBe(
      'https://www.linkedin.com/in/mo',
    );
    const counts = await afterEvent(viewer, teamId, sharing('counts'));
    expect(names(counts)).toEqual(['Vic']);
  });

  it('network.import.completed: a member’s import is in the pooled graph without anyone reading it first', async () => {
    const teamId = workspace([
      [viewer, 'names'],
      [mate, 'names'],
    ]);
    const data = await afterEvent(viewer, teamId, async () => {
      const version = await importPeople(db, mate, [{ first: 'Nia', last: 'New', company: 'Umbrella' }]);
      const completed = {
        importId: randomUUID(),
        userId: mate,
        version,
        inserted: 1,
        updated: 0,
        relationships: 1,
      };
      bus.publish(networkImportContracts.importCompleted, completed);
    });
    expect(names(data)).toEqual(['Mo', 'Nia', 'Vic']);
  });

  it('network.import.completed: every member reading the workspace sees it, each with their own degrees', async () => {
    const teamId = workspace([
      [viewer, 'names'],
      [mate, 'profiles'],
    ]);
    const before = await Promise.all([pooled(viewer, teamId), pooled(mate, teamId)]);
    const version = await importPeople(db, mate, [
      { first: 'Zoe', last: 'Zed', company: 'Acme', url: 'https://www.linkedin.com/in/zoe' },
    ]);
    bus.publish(networkImportContracts.importCompleted, {
      importId: randomUUID(),
      userId: mate,
      version,
      inserted: 1,
      updated: 0,
      relationships: 1,
    });
    await eventually(async () => (await currentKey(teamId, viewer)) !== before[0].ref.key);
    await eventually(async () => (await currentKey(teamId, mate)) !== before[1].ref.key);
    const [asViewer, asMate] = await Promise.all([pooled(viewer, teamId), pooled(mate, teamId)]);
    const zoe = (data: TeamNetworkData) => people(data).find((c) => c.firstName === 'Zoe');
    const vic = (data: TeamNetworkData) => people(data).find((c) => c.firstName === 'Vic');
    expect(zoe(asViewer.data)).toMatchObject({
      userId: mate,
      connectionDegree: 2,
      knownBy: [mate],
      linkedinUrl: 'https://www.linkedin.com/in/zoe',
    });
    expect(zoe(asMate.data)).toMatchObject({ userId: mate, connectionDegree: 1, knownBy: [mate] });
    expect(vic(asViewer.data)).toMatchObject({ userId: viewer, connectionDegree: 1 });
    expect(vic(asMate.data)).toMatchObject({ userId: viewer, connectionDegree: 2, knownBy: [viewer] });
  });

  it('teams.workspace.deleted: its snapshots are gone and it is not found', async () => {
    const teamId = workspace([
      [viewer, 'names'],
      [mate, 'names'],
    ]);
    const { ref } = await pooled(viewer, teamId);
    workspaces.delete(teamId);
    bus.publish(teamsEvents.workspaceDeleted, {
      teamId,
      memberIds: [viewer, mate],
      deletedAt: new Date().toISOString(),
    });
    await eventually(async () => (await redis.exists(ref.key)) === 0);
    const read = bus.request(networkTeamGraphContracts.getTeamGraph, { userId: viewer, teamId });
    await expect(read).rejects.toMatchObject({ code: 'NOT_FOUND', message: WORKSPACE_NOT_FOUND });
  });
});
