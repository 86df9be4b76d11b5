import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ArchiveSignalsView, ImportSignalsRequest } from '@warmpath/contracts';
import { emptyArchiveSignals } from '@warmpath/domain';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { NetworkRepository } from '../../src/modules/graph/network.repository.js';
import { SignalsRepository } from '../../src/modules/signals/signals.repository.js';
import {
  insertPeople,
  throwawayNetworkDatabase,
  type ThrowawayNetworkDatabase,
} from './network-database.testing.js';

// The archive's relationship signals: matched to connections, replaced by a newer archive, read
// back with the network.

let dataSource: DataSource;
let database: ThrowawayNetworkDatabase;
let nextUserId = 7000;

beforeAll(async () => {
  database = await throwawayNetworkDatabase();
  dataSource = database.dataSource;
});

afterAll(() => database?.close());

const url = (name: string) => `https://www.linkedin.com/in/${name}`;
const signals = (overrides: Partial<ArchiveSignalsView> = {}): ArchiveSignalsView => ({
  ...emptyArchiveSignals(),
  ...overrides,
});

/** Ana, Ben and Cleo, matched by their profile URLs; two people named Dan. */
async function network() {
  const userId = nextUserId++;
  const ids = await insertPeople(dataSource, userId, [
    { firstName: 'Ana', company: 'Acme', position: 'Engineer' },
    { firstName: 'Ben', company: 'Acme', position: 'Engineer' },
    { firstName: 'Cleo', company: 'Globex', position: 'Engineer' },
  ]);
  await dataSource.query(
    `UPDATE network.connections SET match_key = 'url:https://www.linkedin.com/in/' || lower(first_name) WHERE owner_user_id = $1`,
    [userId],
  );
  const dans = await insertPeople(dataSource, userId, [{ firstName: 'Dan', company: 'A', position: 'CEO' }]);
  await dataSource.query(
    `INSERT INTO network.connections (owner_user_id, match_key, first_name, last_name, category, seniority)
     VALUES ($1, 'name:dan test|b', 'Dan', 'Test', 'other', 1)`,
    [userId],
  );
  return { userId, ids, dans };
}

const write = (
  request: Omit<ImportSignalsRequest, 'recommendations' | 'final'> & Partial<ImportSignalsRequest>,
) => new SignalsRepository(dataSource).write({ recommendations: [], final: true, ...request });

const stored = async (userId: number) => {
  const rows = await new NetworkRepository(dataSource).findNetwork(userId);
  return {
    scored: rows.scored,
    people: Object.fromEntries(rows.connections.map((row) => [row.first_name, row.signals ?? null])),
  };
};

describe('SignalsRepository', () => {
  it('stores the signals of connections, matched by profile URL, and counts the others as ignored', async () => {
    const { userId } = await network();
    const reply = await write({
      importId: randomUUID(),
      userId,
      people: [
        {
          url: url('ana'),
          signals: signals({ messagesSent: 3, messagesReceived: 2, lastMessageOn: '2026-11-01' }),
        },
        { url: url('ben'), signals: signals({ invitedBy: 'member', invitationWithNote: true }) },
        { url: url('stranger'), signals: signals({ messagesReceived: 7 }) },
      ],
    });
    expect(reply).toEqual({ matched: 2, ignoredPeople: 1, ignoredMessages: 7, strengthChanges: 0 });
    const { scored, people } = await stored(userId);
    expect(scored).toBe(true);
    expect(people['Ana']).toEqual(
      signals({ messagesSent: 3, messagesReceived: 2, lastMessageOn: '2026-11-01' }),
    );
    expect(people['Ben']).toMatchObject({ invitedBy: 'member', invitationWithNote: true });
    expect(people['Cleo']).toBeNull();
  });

  it('matches recommendations by a name only one connection has', async () => {
    const { userId } = await network();
    const importId = randomUUID();
    await write({
      importId,
      userId,
      people: [{ url: url('ana'), signals: signals({ messagesSent: 1 }) }],
      final: false,
    });
    const reply = await write({
      importId,
      userId,
      people: [],
      recommendations: [
        { name: 'ana test', signals: { given: 0, received: 1, givenOn: null, receivedOn: '2023-05-01' } },
        { name: 'cleo test', signals: { given: 1, received: 0, givenOn: '2022-01-01', receivedOn: null } },
        { name: 'dan test', signals: { given: 1, received: 0, givenOn: '2022-01-01', receivedOn: null } },
      ],
    });
    expect(reply).toEqual({ matched: 2, ignoredPeople: 1, ignoredMessages: 0, strengthChanges: 0 });
    const { people } = await stored(userId);
    // The same import's messages stay beside the recommendation.
    expect(people['Ana']).toMatchObject({
      messagesSent: 1,
      recommendationsReceived: 1,
      recommendationReceivedOn: '2023-05-01',
    });
    expect(people['Cleo']).toMatchObject({ recommendationsGiven: 1, messagesSent: 0 });
    expect(people['Dan']).toBeNull();
  });

  it('replaces an older archive: what the newer one does not mention goes', async () => {
    const { userId } = await network();
    await write({
      importId: randomUUID(),
      userId,
      people: [
        { url: url('ana'), signals: signals({ messagesSent: 40 }) },
        { url: url('ben'), signals: signals({ messagesSent: 5 }) },
      ],
      recommendations: [
        { name: 'cleo test', signals: { given: 1, received: 0, givenOn: null, receivedOn: null } },
      ],
    });
    const newer = randomUUID();
    await write({
      importId: newer,
      userId,
      people: [{ url: url('ben'), signals: signals({ messagesSent: 9 }) }],
      final: false,
    });
    await write({
      importId: newer,
      userId,
      people: [],
      recommendations: [
        { name: 'ben test', signals: { given: 0, received: 1, givenOn: null, receivedOn: null } },
      ],
    });
    const { people } = await stored(userId);
    expect(people['Ana']).toBeNull();
    expect(people['Cleo']).toBeNull();
    expect(people['Ben']).toMatchObject({ messagesSent: 9, recommendationsReceived: 1 });
  });

  it('leaves a network without signals unscored', async () => {
    const { userId } = await network();
    expect((await stored(userId)).scored).toBe(false);
  });
});
