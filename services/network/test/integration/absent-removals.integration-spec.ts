import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ABSENT_REMOVAL_MESSAGES, ABSENT_UNDO_DAYS } from '@warmpath/contracts';
import { ServiceError } from '@warmpath/server-kit';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AbsentRemovalsRepository } from '../../src/modules/absent-people/absent-removals.repository.js';
import { CompanyLinksRepository } from '../../src/modules/import-writes/company-links.repository.js';
import {
  insertPeople,
  linkCounts,
  recordCommit,
  throwawayNetworkDatabase,
  type ThrowawayNetworkDatabase,
} from './network-database.testing.js';

// Removing the people absent from the latest export, undoing it, and the removal becoming final.

let dataSource: DataSource;
let database: ThrowawayNetworkDatabase;
let nextUserId = 5000;

beforeAll(async () => {
  database = await throwawayNetworkDatabase();
  dataSource = database.dataSource;
});

afterAll(() => database?.close());

const repository = () => new AbsentRemovalsRepository(dataSource);

/** Ana, Ben and Cleo at Acme (three links), Dan at Globex; Ben and Cleo absent, Ben with notes. */
async function networkWithAbsentPeople() {
  const userId = nextUserId++;
  const ids = await insertPeople(dataSource, userId, [
    { firstName: 'Ana', company: 'Acme', position: 'Software Engineer' },
    { firstName: 'Ben', company: 'Acme', position: 'Software Engineer' },
    { firstName: 'Cleo', company: 'Acme', position: 'Chief Technology Officer' },
    { firstName: 'Dan', company: 'Globex', position: 'Recruiter' },
  ]);
  const importId = randomUUID();
  await recordCommit(dataSource, importId, userId, ['Acme', 'Globex']);
  await new CompanyLinksRepository(dataSource).relink(importId, userId);
  await dataSource.query(
    `UPDATE network.connections SET absent_since = now(), notes = CASE first_name WHEN 'Ben' THEN 'Met in Lisbon' END
     WHERE id = ANY($1::bigint[])`,
    [[ids[1], ids[2]]],
  );
  return { userId, importId, ids };
}

const people = async (userId: number) =>
  (
    await dataSource.query<{ id: string; first_name: string; notes: string | null }[]>(
      'SELECT id::text AS id, first_name, notes FROM network.connections WHERE owner_user_id = $1 ORDER BY first_name',
      [userId],
    )
  ).map((row) => `${row.id} ${row.first_name} ${row.notes}`);

const version = async (userId: number) =>
  (
    await dataSource.query<{ version: string }[]>(
      'SELECT version::text AS version FROM network.network_versions WHERE owner_user_id = $1',
      [userId],
    )
  )[0]?.version;

async function failure(work: Promise<unknown>): Promise<ServiceError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('removing the people not in the latest export', () => {
  it('moves them out with their notes, recounts links, bumps the version, and undo brings them back', async () => {
    const { userId, importId, ids } = await networkWithAbsentPeople();
    const before = await people(userId);
    expect(await linkCounts(dataSource, userId)).toEqual({ acme: 3 });
    const versionBefore = Number(await version(userId));

    const removed = await repository().remove(importId, userId);
    expect(removed.removed).toBe(2);
    const days = (Date.parse(removed.undoUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(ABSENT_UNDO_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(ABSENT_UNDO_DAYS);
    expect(await people(userId)).toEqual([`${ids[0]} Ana null`, `${ids[3]} Dan null`]);
    expect(await linkCounts(dataSource, userId)).toEqual({});
    expect(Number(await version(userId))).toBe(versionBefore + 1);
    expect(await repository().status(importId, userId)).toMatchObject({
      latest: true,
      absentNow: 0,
      removal: { removed: 2, restoredAt: null, state: 'undoable' },
    });

    expect(await repository().restore(importId, userId)).toEqual({ importId, restored: 2 });
    expect(await people(userId)).toEqual(before);
    expect(await linkCounts(dataSource, userId)).toEqual({ acme: 3 });
    expect(Number(await version(userId))).toBe(versionBefore + 2);
    expect((await repository().status(importId, userId)).removal?.state).toBe('restored');
    expect((await failure(repository().restore(importId, userId))).message).toBe(
      ABSENT_REMOVAL_MESSAGES.alreadyRestored,
    );
    // Removed again after an undo: a new removal of the same import.
    expect((await repository().remove(importId, userId)).removed).toBe(2);
  });

  it('refuses a second removal, an import that is not the latest, and a network with nobody absent', async () => {
    const { userId, importId } = await networkWithAbsentPeople();
    const newer = randomUUID();
    await recordCommit(dataSource, newer, userId, []);
    await dataSource.query(
      `UPDATE network.import_commits SET committed_at = now() + interval '1 second' WHERE import_id = $1`,
      [newer],
    );
    const notLatest = await failure(repository().remove(importId, userId));
    expect([notLatest.code, notLatest.message]).toEqual(['CONFLICT', ABSENT_REMOVAL_MESSAGES.notLatest]);
    expect((await repository().status(importId, userId)).latest).toBe(false);

    await repository().remove(newer, userId);
    const twice = await failure(repository().remove(newer, userId));
    expect([twice.code, twice.message]).toEqual(['CONFLICT', ABSENT_REMOVAL_MESSAGES.alreadyRemoved]);
    const undo = await failure(repository().restore(importId, userId));
    expect([undo.code, undo.message]).toEqual(['CONFLICT', ABSENT_REMOVAL_MESSAGES.nothingToUndo]);

    await repository().restore(newer, userId);
    await dataSource.query('UPDATE network.connections SET absent_since = NULL WHERE owner_user_id = $1', [
      userId,
    ]);
    const nobody = await failure(repository().remove(newer, userId));
    expect([nobody.code, nobody.message]).toEqual(['CONFLICT', ABSENT_REMOVAL_MESSAGES.nothingToRemove]);
  });

  it("answers another user's import exactly like an unknown one", async () => {
    const { importId } = await networkWithAbsentPeople();
    const stranger = nextUserId++;
    for (const work of [
      () => repository().remove(importId, stranger),
      () => repository().restore(importId, stranger),
      () => repository().status(importId, stranger),
      () => repository().status(randomUUID(), stranger),
    ]) {
      const error = await failure(work());
      expect([error.code, error.message]).toEqual(['NOT_FOUND', 'Import not found']);
    }
  });

  it('keeps someone a later export brought back, with the notes of the removed copy', async () => {
    const { userId, importId, ids } = await networkWithAbsentPeople();
    await repository().remove(importId, userId);
    // Ben is back in a later export, under a new id, without notes.
    const [benAgain] = await insertPeople(dataSource, userId, [
      { firstName: 'Ben', company: 'Acme', position: 'Software Engineer' },
    ]);
    expect(await repository().restore(importId, userId)).toEqual({ importId, restored: 2 });
    expect(await people(userId)).toEqual([
      `${ids[0]} Ana null`,
      `${benAgain} Ben Met in Lisbon`,
      `${ids[2]} Cleo null`,
      `${ids[3]} Dan null`,
    ]);
  });

  it('is final after its undo window: undo answers expired, and the purge drops the removed people', async () => {
    const { userId, importId } = await networkWithAbsentPeople();
    await repository().remove(importId, userId);
    await dataSource.query(
      `UPDATE network.absent_removals SET undo_until = now() - interval '1 minute' WHERE import_id = $1`,
      [importId],
    );
    const late = await failure(repository().restore(importId, userId));
    expect([late.code, late.message]).toEqual(['expired', ABSENT_REMOVAL_MESSAGES.undoExpired]);
    expect((await repository().status(importId, userId)).removal?.state).toBe('final');

    expect(await repository().purgeExpired()).toBeGreaterThanOrEqual(2);
    const kept = await dataSource.query<{ count: number }[]>(
      'SELECT count(*)::int AS count FROM network.removed_connections WHERE import_id = $1',
      [importId],
    );
    expect(kept[0]?.count).toBe(0);
    const again = await failure(repository().restore(importId, userId));
    expect(again.code).toBe('expired');
    expect(await repository().purgeExpired()).toBe(0);
  });
});
