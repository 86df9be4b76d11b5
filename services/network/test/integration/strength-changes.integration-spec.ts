import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  importChangesContracts,
  networkImportContracts,
  type ArchiveSignalsView,
  type ImportChangeKind,
  type ImportSignalsReply,
  type ImportSignalsRequest,
} from '@warmpath/contracts';
import { emptyArchiveSignals } from '@warmpath/domain';
import { BusClient, ServiceError } from '@warmpath/server-kit';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { insertPeople, recordCommit } from './network-database.testing.js';
import { startNetworkService, type NetworkServiceUnderTest } from './network-service.testing.js';

// Strength changes (docs/import.md#strength-changes): an older archive, then a newer one, through
// the network service whole on Postgres, Redis and NATS, read back as the changes page.

let bus: BusClient;
let db: DataSource;
let service: NetworkServiceUnderTest;
let nextUserId = 9100;

beforeAll(async () => {
  service = await startNetworkService({ name: 'network-strength-changes-it' });
  ({ bus, db } = service);
});

afterAll(() => service?.close());

const url = (name: string) => `https://www.linkedin.com/in/${name}`;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const signals = (overrides: Partial<ArchiveSignalsView>): ArchiveSignalsView => ({
  ...emptyArchiveSignals(),
  ...overrides,
});
/** A few messages years ago: weak. */
const LONG_AGO = signals({ messagesSent: 2, messagesReceived: 1, lastMessageOn: '2021-03-01' });
/** 48 messages both ways, the last 12 days ago: 45, strong (docs/warmth.md examples). */
const CLOSE = signals({
  messagesSent: 24,
  messagesReceived: 24,
  directConversations: 1,
  lastMessageOn: daysAgo(12),
  lastMessageAnswered: true,
});

/** Ana, Ben, Cleo and Dan, matched by their profile URLs. */
async function network() {
  const userId = nextUserId++;
  await insertPeople(db, userId, [
    { firstName: 'Ana', company: 'Acme', position: 'Engineer' },
    { firstName: 'Ben', company: 'Acme', position: 'Engineer' },
    { firstName: 'Cleo', company: 'Globex', position: 'Designer' },
    { firstName: 'Dan', company: 'Initech', position: 'CTO' },
  ]);
  await db.query(
    `UPDATE network.connections SET match_key = 'url:https://www.linkedin.com/in/' || lower(first_name)
     WHERE owner_user_id = $1`,
    [userId],
  );
  return userId;
}

/** The answer to the last batch importArchive sent. */
let lastReply: ImportSignalsReply | undefined;

/** An import of the owner's connections (its commit row), then its archive's signals in batches. */
async function importArchive(
  userId: number,
  batches: Pick<ImportSignalsRequest, 'people' | 'recommendations'>[],
): Promise<string> {
  const importId = randomUUID();
  await recordCommit(db, importId, userId, []);
  for (const [index, batch] of batches.entries())
    lastReply = await bus.request(networkImportContracts.signals, {
      importId,
      userId,
      ...batch,
      final: index === batches.length - 1,
    });
  return importId;
}

const people = (entries: [string, ArchiveSignalsView][]) => ({
  people: entries.map(([name, view]) => ({ url: url(name), signals: view })),
  recommendations: [],
});

const changes = (userId: number, importId: string, kind?: ImportChangeKind) =>
  bus.request(importChangesContracts.listChanges, { importId, userId, kind, page: 1, pageSize: 50 });

describe('strength changes of a re-imported archive', () => {
  it('lists the people whose band the newer archive moved, with the bands and scores before and after', async () => {
    const userId = await network();
    await importArchive(userId, [
      people([
        ['ana', LONG_AGO],
        ['ben', CLOSE],
        ['cleo', CLOSE],
      ]),
    ]);
    // The newer archive: many more messages with Ana (her recommendation in a later batch keeps
    // what her row held before), Ben the same, Cleo no longer in it.
    const newer = await importArchive(userId, [
      people([
        ['ana', CLOSE],
        ['ben', CLOSE],
      ]),
      {
        people: [],
        recommendations: [
          { name: 'ana test', signals: { given: 0, received: 1, givenOn: null, receivedOn: '2026-01-10' } },
        ],
      },
    ]);

    // The import's report counts them (the history's "2 strength changes").
    expect(lastReply?.strengthChanges).toBe(2);
    const page = await changes(userId, newer);
    expect(page.counts).toEqual({ new: 0, 'job-change': 0, 'strength-change': 2, absent: 0 });
    expect(page.total).toBe(2);
    expect(page.changes).toEqual([
      {
        kind: 'strength-change',
        connectionId: expect.any(String),
        firstName: 'Ana',
        lastName: 'Test',
        before: null,
        after: { company: 'Acme', position: 'Engineer' },
        strength: { before: { band: 'weak', score: 2 }, after: { band: 'strong', score: 60 } },
      },
      {
        kind: 'strength-change',
        connectionId: expect.any(String),
        firstName: 'Cleo',
        lastName: 'Test',
        before: null,
        after: { company: 'Globex', position: 'Designer' },
        strength: { before: { band: 'strong', score: 45 }, after: { band: 'weak', score: 0 } },
      },
    ]);
    expect((await changes(userId, newer, 'strength-change')).changes.map((c) => c.firstName)).toEqual([
      'Ana',
      'Cleo',
    ]);
    expect((await changes(userId, newer, 'job-change')).total).toBe(0);
  });

  it('adds the band move to the row of a person whose job changed too, and never to a new person', async () => {
    const userId = await network();
    await importArchive(userId, [people([['ana', LONG_AGO]])]);
    const newer = randomUUID();
    await recordCommit(db, newer, userId, []);
    // What the merge of the newer export recorded before its signals arrived.
    const [eve] = await insertPeople(db, userId, [
      { firstName: 'Eve', company: 'Hooli', position: 'Analyst' },
    ]);
    await db.query(
      `UPDATE network.connections SET match_key = 'url:https://www.linkedin.com/in/eve' WHERE id = $1`,
      [eve],
    );
    await db.query(
      `INSERT INTO network.import_changes (import_id, owner_user_id, connection_id, kind, first_name, last_name,
         before_company, before_position, after_company, after_position)
       SELECT $1, $2, id, CASE first_name WHEN 'Eve' THEN 'new' ELSE 'job-change' END, first_name, last_name,
         CASE first_name WHEN 'Ana' THEN 'Globex' END, CASE first_name WHEN 'Ana' THEN 'Engineer' END,
         company, position
       FROM network.connections WHERE owner_user_id = $2 AND first_name IN ('Ana', 'Eve')`,
      [newer, userId],
    );
    const reply = await bus.request(networkImportContracts.signals, {
      importId: newer,
      userId,
      ...people([
        ['ana', CLOSE],
        ['eve', CLOSE],
      ]),
      final: true,
    });
    // Eve's tie went from nothing to strong, but she is new: Ana's move alone is counted.
    expect(reply.strengthChanges).toBe(1);

    const page = await changes(userId, newer);
    expect(page.counts).toEqual({ new: 1, 'job-change': 1, 'strength-change': 1, absent: 0 });
    expect(page.total).toBe(2);
    expect(page.changes.map((c) => [c.kind, c.firstName, c.strength?.after.band ?? null])).toEqual([
      ['new', 'Eve', null],
      ['job-change', 'Ana', 'strong'],
    ]);
    const moved = await changes(userId, newer, 'strength-change');
    expect(moved.total).toBe(1);
    expect(moved.changes[0]).toMatchObject({
      kind: 'job-change',
      firstName: 'Ana',
      before: { company: 'Globex', position: 'Engineer' },
      strength: { before: { band: 'weak' }, after: { band: 'strong', score: 45 } },
    });
  });

  it('records nothing when the newer archive leaves every band where it was', async () => {
    const userId = await network();
    const archive = people([
      ['ana', LONG_AGO],
      ['ben', CLOSE],
    ]);
    await importArchive(userId, [archive]);
    // Ana writes once more: her score moves, her band does not.
    const same = await importArchive(userId, [
      people([
        ['ana', { ...LONG_AGO, messagesSent: 3 }],
        ['ben', CLOSE],
      ]),
    ]);
    expect(lastReply?.strengthChanges).toBe(0);
    const page = await changes(userId, same);
    expect(page.counts).toEqual({ new: 0, 'job-change': 0, 'strength-change': 0, absent: 0 });
    expect(page.changes).toEqual([]);
    const again = await importArchive(userId, [archive]);
    expect((await changes(userId, again)).total).toBe(0);
  });

  it('records nothing for the first archive: there was no strength before it', async () => {
    const userId = await network();
    const first = await importArchive(userId, [people([['ana', CLOSE]])]);
    const page = await changes(userId, first, 'strength-change');
    expect(page.counts['strength-change']).toBe(0);
    expect(page.changes).toEqual([]);
  });

  it('answers NOT_FOUND for an unknown import, as for someone else’s', async () => {
    const userId = await network();
    const mine = await importArchive(userId, [people([['ana', CLOSE]])]);
    for (const [importId, asker] of [
      [randomUUID(), userId],
      [mine, userId + 1],
    ] as const) {
      const error = await changes(asker, importId, 'strength-change').then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Import not found' });
    }
  });
});
