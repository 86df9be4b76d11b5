import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  networkTargetListsContracts as contracts,
  noCorrectionOnLine,
  noTargetOnLine,
  TARGET_LIST_FORBIDDEN,
  TARGET_LIST_NOT_FOUND,
  TARGET_RESULTS_PAGE_MAX,
  WORKSPACE_NOT_FOUND,
  type SharingLevel,
  type Target,
  type TargetListResults,
  type TargetResultRow,
} from '@warmpath/contracts';
import { companyKey } from '@warmpath/domain';
import { BusClient } from '@warmpath/server-kit';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TargetListsRepository } from '../../src/modules/target-lists/target-lists.repository.js';
import {
  membershipReply,
  respondAccounts,
  userReply,
  startNetworkService,
  type NetworkServiceUnderTest,
} from './network-service.testing.js';
import { importPeople as importPeopleInto } from './network-database.testing.js';

// Target lists' results on the real stack (Postgres, NATS): pages, totals, new ways in since a
// reader marked a list seen, recompute after a member's import, counts-only members
// (docs/targets.md). The teams and auth services are played by responders on the same NATS.

/** A NATS message's limit: every answer must fit in one. */
const NATS_MAX_PAYLOAD = 1024 * 1024;

let app: NestFastifyApplication;
let bus: BusClient;
let db: DataSource;
let service: NetworkServiceUnderTest;

/** The teams service's state: workspace → its members and what each shares. */
const workspaces = new Map<number, Map<number, SharingLevel>>();

beforeAll(async () => {
  service = await startNetworkService({
    name: 'network-target-lists-it',
    requestTimeoutMs: 30_000,
    responders: (respond) => {
      respondAccounts(respond, (userId) =>
        userReply(userId, 'Member', String(userId), `member${userId}@example.com`),
      );
      respond<{ userId: number; teamId: number }>('teams.membership.get', ({ userId, teamId }) =>
        membershipReply(workspaces.get(teamId), userId, teamId),
      );
    },
  });
  ({ app, bus, db } = service);
});

afterAll(() => service?.close());

let nextUser = 1;
let nextTeam = 100;
const user = (): number => nextUser++;
function workspace(members: [number, SharingLevel][]): number {
  const teamId = nextTeam++;
  workspaces.set(teamId, new Map(members));
  return teamId;
}

interface Person {
  first: string;
  last: string;
  company: string;
  position?: string;
  years?: number;
}

/**
 * What an import commit leaves (importPeople of network-database.testing.ts): each person with a
 * profile URL of their own at this owner, known for 2 years unless said.
 */
async function importPeople(ownerUserId: number, people: readonly Person[]): Promise<void> {
  await importPeopleInto(
    db,
    ownerUserId,
    people.map((p) => ({
      ...p,
      years: p.years ?? 2,
      url: `https://www.linkedin.com/in/${`${p.first}-${p.last}`.toLowerCase()}-${ownerUserId}`,
    })),
  );
}

const company = (line: number, name: string): Target => ({
  kind: 'company',
  line,
  name,
  domain: null,
  linkedinUrl: null,
});

async function createList(userId: number, teamId: number | null, targets: Target[]): Promise<string> {
  const list = await bus.request(contracts.create, {
    userId,
    teamId,
    name: 'Accounts',
    sourceName: null,
    mapping: null,
    targets,
    skipped: [],
  });
  return list.id;
}

const results = (userId: number, teamId: number | null, listId: string, offset?: number, limit?: number) =>
  bus.request(
    contracts.results,
    {
      userId,
      teamId,
      listId,
      ...(offset === undefined ? {} : { page: { offset, limit: limit ?? TARGET_RESULTS_PAGE_MAX } }),
    },
    { timeoutMs: 60_000 },
  );

const seen = (userId: number, teamId: number | null, listId: string) =>
  bus.request(contracts.seen, { userId, teamId, listId });

const newWaysInOf = async (userId: number, teamId: number | null, listId: string) =>
  (await bus.request(contracts.list, { userId, teamId })).lists.find((list) => list.id === listId)?.newWaysIn;

const rowOf = (answer: TargetListResults, name: string): TargetResultRow | undefined =>
  answer.rows.find((row) => row.target.kind === 'company' && row.target.name === name);

const connectorIds = (row: TargetResultRow | undefined) =>
  [row?.bestConnector, ...(row?.otherConnectors ?? [])].flatMap((c) => (c ? [c.userId] : []));

describe('pages of a large list', () => {
  it('answers a 5,000-target list in pages that fit a NATS message and give every row once', async () => {
    const owner = user();
    // 800 companies of 10 people each, long positions: a covered row is several KB.
    const people: Person[] = [];
    for (let c = 0; c < 800; c++)
      for (let p = 0; p < 10; p++)
        people.push({
          first: `Person${p}`,
          last: `Of Company Number ${c}`,
          company: `Large Company Number ${c} International Holdings`,
          position: `Senior Vice President of Global Enterprise Sales and Strategic Partnerships ${p}`,
          years: 1 + ((c + p) % 9),
        });
    await importPeople(owner, people);
    const targets = Array.from({ length: 5000 }, (_, i) =>
      company(
        i + 1,
        i % 5 === 0 && i / 5 < 800
          ? `Large Company Number ${i / 5} International Holdings`
          : `Nobody Here ${i}`,
      ),
    );
    const listId = await createList(owner, null, targets);
    // The list is read from Postgres and matched once for all its pages (docs/targets.md#paging).
    const contents = jest.spyOn(app.get(TargetListsRepository), 'contents');

    const seenLines = new Set<number>();
    let offset = 0;
    let pages = 0;
    let first: TargetListResults | undefined;
    for (;;) {
      const page = await results(owner, null, listId, offset);
      first ??= page;
      expect(Buffer.byteLength(JSON.stringify({ ok: true, data: page }))).toBeLessThan(NATS_MAX_PAYLOAD);
      expect(page.offset).toBe(offset);
      expect(page.rowCount).toBe(5000);
      expect(page.coveredCount).toBe(800);
      expect(page.rows.length).toBeLessThanOrEqual(TARGET_RESULTS_PAGE_MAX);
      for (const row of page.rows) {
        expect(seenLines.has(row.target.line)).toBe(false);
        seenLines.add(row.target.line);
      }
      pages++;
      offset += page.rows.length;
      if (page.rows.length === 0 || offset >= 5000) break;
    }
    expect(seenLines.size).toBe(5000);
    expect(contents).toHaveBeenCalledTimes(1);
    contents.mockRestore();
    // The covered rows (ten people each) do not fit 1,000 to a page: the first page is cut short.
    expect(first?.rows.length).toBeLessThan(TARGET_RESULTS_PAGE_MAX);
    expect(first?.rows[0]?.people).toHaveLength(10);
    expect(pages).toBeGreaterThan(5);
    expect(first?.totals).toEqual({
      covered: 800,
      byBand: expect.any(Object),
      byConnector: [{ userId: owner, targets: 800 }],
    });
    const bands = first?.totals?.byBand;
    expect((bands?.strong ?? 0) + (bands?.medium ?? 0) + (bands?.weak ?? 0)).toBe(800);

    // The default page is the first; a limit is honoured; past the end is empty.
    const small = await results(owner, null, listId, 10, 5);
    expect(small.rows.map((row) => row.target.line)).toEqual(
      first?.rows.slice(10, 15).map((row) => row.target.line),
    );
    expect((await results(owner, null, listId, 5000)).rows).toEqual([]);
    const byDefault = await results(owner, null, listId);
    expect(byDefault.offset).toBe(0);
    expect(byDefault.rows.length).toBe(first?.rows.length);
  }, 240_000);
});

describe('new ways in since a reader marked a list seen', () => {
  const ana = user();
  const ben = user();
  const cleo = user();
  const outsider = user();
  let teamId: number;
  let listId: string;

  beforeAll(async () => {
    await importPeople(ana, [{ first: 'Nia', last: 'Acme', company: 'Acme Labs', years: 6 }]);
    await importPeople(ben, [{ first: 'Olga', last: 'Initech', company: 'Initech', years: 3 }]);
    await importPeople(cleo, [{ first: 'Gus', last: 'Globex', company: 'Globex', years: 2 }]);
    teamId = workspace([
      [ana, 'names'],
      [ben, 'names'],
    ]);
    listId = await createList(ana, teamId, [
      company(1, 'Acme Labs'),
      company(2, 'Globex'),
      company(3, 'Initech'),
    ]);
  });

  it('has no isNew and no lastOpenedAt before the first seen; reading changes nothing', async () => {
    const first = await results(ana, teamId, listId);
    expect(first.lastOpenedAt).toBeNull();
    expect(first.newWaysIn).toBe(0);
    expect(first.rows.every((row) => row.isNew === undefined)).toBe(true);
    expect(await newWaysInOf(ana, teamId, listId)).toBe(0);
    expect((await results(ana, teamId, listId)).lastOpenedAt).toBeNull();
  });

  it('marks a target a joining member covers, until the reader marks the list seen again', async () => {
    const { seenAt } = await seen(ana, teamId, listId);
    const after = await results(ana, teamId, listId);
    expect(after.lastOpenedAt).toBe(seenAt);
    expect(after.newWaysIn).toBe(0);
    expect(after.rows.map((row) => row.isNew)).toEqual([false, false, false]);
    expect(rowOf(after, 'Globex')?.covered).toBe(false);

    // Cleo joins: Globex is covered through her, computed now (no stale answer).
    workspaces.get(teamId)?.set(cleo, 'names');
    const joined = await results(ana, teamId, listId);
    expect(rowOf(joined, 'Globex')).toMatchObject({ covered: true, isNew: true });
    expect(connectorIds(rowOf(joined, 'Globex'))).toEqual([cleo]);
    expect(joined.newWaysIn).toBe(1);
    expect(joined.totals?.covered).toBe(3);
    expect(await newWaysInOf(ana, teamId, listId)).toBe(1);
    // Page 2 compares with the same snapshot as page 1.
    const globexAt = joined.rows.findIndex(
      (row) => row.target.kind === 'company' && row.target.name === 'Globex',
    );
    const page = await results(ana, teamId, listId, globexAt, 1);
    expect(page.rows[0]).toMatchObject({ isNew: true, target: { name: 'Globex' } });
    expect(page.newWaysIn).toBe(1);

    // Ben (never marked it) sees no new ways in; his seen leaves Ana's untouched.
    expect(await newWaysInOf(ben, teamId, listId)).toBe(0);
    expect((await results(ben, teamId, listId)).lastOpenedAt).toBeNull();
    await seen(ben, teamId, listId);
    expect(await newWaysInOf(ben, teamId, listId)).toBe(0);
    expect(await newWaysInOf(ana, teamId, listId)).toBe(1);

    await seen(ana, teamId, listId);
    const reset = await results(ana, teamId, listId);
    expect(reset.newWaysIn).toBe(0);
    expect(reset.rows.every((row) => row.isNew === false)).toBe(true);
    expect(await newWaysInOf(ana, teamId, listId)).toBe(0);
  });

  it("marks a target a member's import adds a connector to", async () => {
    await seen(ana, teamId, listId);
    await importPeople(ben, [{ first: 'Ada', last: 'Acme', company: 'Acme Labs', years: 1 }]);
    const after = await results(ana, teamId, listId);
    expect(connectorIds(rowOf(after, 'Acme Labs')).sort()).toEqual([ana, ben].sort());
    expect(rowOf(after, 'Acme Labs')?.isNew).toBe(true);
    expect(rowOf(after, 'Initech')?.isNew).toBe(false);
    expect(after.newWaysIn).toBe(1);
    expect(after.totals?.byConnector).toEqual(
      [
        { userId: ana, targets: 1 },
        { userId: ben, targets: 2 },
        { userId: cleo, targets: 1 },
      ].sort((a, b) => b.targets - a.targets || a.userId - b.userId),
    );
    expect(await newWaysInOf(ana, teamId, listId)).toBe(1);
  });

  it("answers a non-member as an unknown workspace, and another workspace's list as no list", async () => {
    await expect(seen(outsider, teamId, listId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: WORKSPACE_NOT_FOUND,
    });
    const other = workspace([[outsider, 'names']]);
    await expect(seen(outsider, other, listId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: TARGET_LIST_NOT_FOUND,
    });
    await expect(seen(ana, teamId, randomUUID())).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: TARGET_LIST_NOT_FOUND,
    });
    await expect(seen(ana, null, listId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: TARGET_LIST_NOT_FOUND,
    });
  });

  it('works on an own list, and deleting a list deletes its snapshots', async () => {
    const own = await createList(cleo, null, [company(1, 'Globex'), company(2, 'Acme Labs')]);
    await seen(cleo, null, own);
    await importPeople(cleo, [{ first: 'Ari', last: 'Acme', company: 'Acme Labs' }]);
    expect(await newWaysInOf(cleo, null, own)).toBe(1);
    const after = await results(cleo, null, own);
    expect([rowOf(after, 'Acme Labs')?.isNew, rowOf(after, 'Globex')?.isNew]).toEqual([true, false]);
    await bus.request(contracts.delete, { userId: cleo, teamId: null, listId: own });
    const left: unknown[] = await db.query(`SELECT 1 FROM network.target_list_seen WHERE list_id = $1`, [
      own,
    ]);
    expect(left).toHaveLength(0);
  });
});

describe('removing a correction', () => {
  const ana = user();
  const ben = user();
  const outsider = user();
  let teamId: number;
  let listId: string;

  const correct = (userId: number, line: number, companyKey: string | null) =>
    bus.request(contracts.correct, { userId, teamId, listId, corrections: [{ line, companyKey }] });
  const remove = (userId: number, team: number | null, list: string, line: number) =>
    bus.request(contracts.removeCorrection, { userId, teamId: team, listId: list, line });

  beforeAll(async () => {
    await importPeople(ana, [{ first: 'Rae', last: 'Acme', company: 'Acme Labs', years: 5 }]);
    await importPeople(ben, [{ first: 'Ivo', last: 'Initech', company: 'Initech', years: 2 }]);
    teamId = workspace([
      [ana, 'names'],
      [ben, 'names'],
    ]);
    listId = await createList(ana, teamId, [company(1, 'Acme Labs'), company(2, 'Acme Labz')]);
  });

  it('matches the line automatically again, keeps the other corrections, and shows as a new way in', async () => {
    await correct(ana, 2, companyKey('Acme Labs'));
    const corrected = await correct(ana, 1, null);
    expect(rowOf(corrected, 'Acme Labs')).toMatchObject({ match: 'manual', covered: false });
    await seen(ana, teamId, listId);

    const removed = await remove(ana, teamId, listId, 1);
    expect(rowOf(removed, 'Acme Labs')).toMatchObject({ match: 'exact', covered: true, isNew: true });
    expect(rowOf(removed, 'Acme Labz')).toMatchObject({ match: 'manual', covered: true });
    expect(removed.corrections).toEqual([{ line: 2, companyKey: companyKey('Acme Labs') }]);
    expect(removed.list.updatedAt).not.toBe(corrected.list.updatedAt);
    // The list index's coverage is memoised per list version: the removal is seen there too.
    expect(await newWaysInOf(ana, teamId, listId)).toBe(1);
    expect((await results(ben, teamId, listId)).corrections).toEqual(removed.corrections);
  });

  it('refuses a line the list does not hold, or one without a correction, changing nothing', async () => {
    const before = await results(ana, teamId, listId);
    await expect(remove(ana, teamId, listId, 9)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: noTargetOnLine(9),
    });
    await expect(remove(ana, teamId, listId, 1)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: noCorrectionOnLine(1),
    });
    const after = await results(ana, teamId, listId);
    expect(after.list.updatedAt).toBe(before.list.updatedAt);
    expect(after.corrections).toEqual(before.corrections);
  });

  it('answers a non-member as an unknown workspace, a plain member FORBIDDEN, before the line', async () => {
    for (const line of [2, 9])
      await expect(remove(outsider, teamId, listId, line)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: WORKSPACE_NOT_FOUND,
      });
    for (const line of [2, 9])
      await expect(remove(ben, teamId, listId, line)).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: TARGET_LIST_FORBIDDEN,
      });
    await expect(remove(ana, null, listId, 2)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: TARGET_LIST_NOT_FOUND,
    });
    expect((await results(ana, teamId, listId)).corrections).toHaveLength(1);
  });

  it('works on an own list', async () => {
    const own = await createList(ben, null, [company(1, 'Initech GmbH')]);
    await bus.request(contracts.correct, {
      userId: ben,
      teamId: null,
      listId: own,
      corrections: [{ line: 1, companyKey: null }],
    });
    const removed = await remove(ben, null, own, 1);
    expect(rowOf(removed, 'Initech GmbH')).toMatchObject({ match: 'folded', covered: true });
    expect(removed.corrections).toEqual([]);
    await expect(remove(ana, null, own, 1)).rejects.toMatchObject({ message: TARGET_LIST_NOT_FOUND });
  });
});

describe('a member sharing counts only', () => {
  it('shows nothing of their people besides counts from groups of 3 or more', async () => {
    const vic = user();
    const cora = user();
    await importPeople(vic, [
      { first: 'Nia', last: 'Named', company: 'Acme Labs', position: 'CTO', years: 4 },
    ]);
    await importPeople(cora, [
      { first: 'Vera', last: 'Vaulted', company: 'Vault Inc' },
      { first: 'Vlad', last: 'Vaulted', company: 'Vault Inc' },
      { first: 'Vince', last: 'Vaulted', company: 'Vault Inc' },
      { first: 'Gail', last: 'Hidden', company: 'Acme Labs' },
      { first: 'Hank', last: 'Hidden', company: 'Hooli' },
      { first: 'Hope', last: 'Hidden', company: 'Hooli' },
    ]);
    const teamId = workspace([
      [vic, 'names'],
      [cora, 'counts'],
    ]);
    const listId = await createList(vic, teamId, [
      company(1, 'Acme Labs'),
      company(2, 'Vault Inc'),
      company(3, 'Hooli'),
    ]);
    const answer = await results(vic, teamId, listId);
    const [acme, vault, hooli] = ['Acme Labs', 'Vault Inc', 'Hooli'].map((name) => rowOf(answer, name));

    // Acme: Vic's Nia only; Cora's one person there adds nothing (a group of 1).
    expect(acme).toMatchObject({
      covered: true,
      match: 'exact',
      reached: 'company',
      peopleCount: 1,
      hiddenPeopleCount: 0,
      bestConnector: { userId: vic, peopleCount: 1 },
      otherConnectors: [],
    });
    expect(acme?.people.map((p) => [p.firstName, p.knownBy, p.knowers])).toEqual([['Nia', vic, [vic]]]);
    // Vault: three of Cora's people, counted, never listed; no way in.
    expect(vault).toMatchObject({
      covered: false,
      match: 'folded',
      reached: 'none',
      companyKey: null,
      peopleCount: 0,
      hiddenPeopleCount: 3,
      people: [],
      bestConnector: null,
      warmthBand: null,
      otherConnectors: [],
    });
    // Hooli: two of hers, fewer than 3: nothing at all.
    expect(hooli).toMatchObject({
      covered: false,
      match: 'none',
      reached: 'none',
      peopleCount: 0,
      hiddenPeopleCount: 0,
      people: [],
      bestConnector: null,
    });
    expect(answer.totals).toEqual({
      covered: 1,
      byBand: expect.any(Object),
      byConnector: [{ userId: vic, targets: 1 }],
    });
    const text = JSON.stringify(answer);
    for (const name of ['Vera', 'Vlad', 'Vince', 'Gail', 'Hank', 'Hope', 'Vaulted', 'Hidden'])
      expect(text).not.toContain(name);
    const knowers = answer.rows.flatMap((row) => [
      ...connectorIds(row),
      ...row.people.flatMap((p) => [p.knownBy, ...p.knowers]),
    ]);
    expect(knowers).not.toContain(cora);

    // Cora's import never makes a new way in for Vic.
    await seen(vic, teamId, listId);
    await importPeople(cora, [{ first: 'Hugo', last: 'Hidden', company: 'Hooli' }]);
    const after = await results(vic, teamId, listId);
    expect(rowOf(after, 'Hooli')).toMatchObject({ covered: false, hiddenPeopleCount: 3, people: [] });
    expect(after.newWaysIn).toBe(0);
  });
});
