import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeStagedRows, type StagedRow } from '@warmpath/contracts';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import {
  DirectImportSessions,
  MAX_DIRECT_SESSIONS,
} from '../../src/modules/import-writes/direct-import.sessions.js';
import type { DirectImportKey } from '../../src/modules/import-writes/direct-session.js';
import {
  insertPeople,
  throwawayNetworkDatabase,
  type ThrowawayNetworkDatabase,
} from './network-database.testing.js';

// First imports written straight into connections, batch by batch, in one open transaction.

let dataSource: DataSource;
let database: ThrowawayNetworkDatabase;
let nextUserId = 1000;

beforeAll(async () => {
  database = await throwawayNetworkDatabase();
  dataSource = database.dataSource;
});

afterAll(() => database?.close());

const person = (line: number, name: string, company: string | null, position: string): StagedRow => [
  line,
  `name:${name.toLowerCase()}|${company?.toLowerCase() ?? ''}`,
  `name:${name.toLowerCase()}|${company?.toLowerCase() ?? ''}`,
  name,
  'Silva',
  null,
  null,
  company,
  company?.toLowerCase() ?? null,
  position,
  '2020-05-01',
  null,
  null,
  'engineering',
  4,
];
const bytes = (rows: StagedRow[]): Uint8Array => new TextEncoder().encode(encodeStagedRows(rows));

const newKey = (): DirectImportKey => ({ importId: randomUUID(), userId: nextUserId++, attempt: 1 });
const sessions = () => new DirectImportSessions(dataSource, pino({ level: 'silent' }));

async function people(userId: number): Promise<{ first_name: string; company: string; position: string }[]> {
  return dataSource.query(
    'SELECT first_name, company, position FROM network.connections WHERE owner_user_id = $1 ORDER BY first_name',
    [userId],
  );
}

describe('direct imports', () => {
  it('writes a first import batch by batch, visible only once committed, the last line of a person winning', async () => {
    const direct = sessions();
    const key = newKey();
    expect(await direct.open(key)).toEqual({ mode: 'direct', instance: direct.instance });
    await direct.stage(
      key,
      2,
      bytes([person(5, 'Ana', 'Acme', 'Engineer'), person(6, 'Ben', 'Acme', 'CTO')]),
    );
    await direct.stage(
      key,
      2,
      bytes([person(7, 'Cleo', 'Globex', 'Recruiter'), person(8, 'Ana', 'Acme', 'Staff Engineer')]),
    );
    // Another connection sees nothing yet.
    expect(await people(key.userId)).toEqual([]);
    const reply = await direct.commit(key);
    expect(reply).toEqual({
      inserted: 3,
      updated: 0,
      unchanged: 0,
      jobChanges: 0,
      absent: 0,
      touchedCompanies: 2,
      alreadyCommitted: false,
    });
    expect(await people(key.userId)).toEqual([
      { first_name: 'Ana', company: 'Acme', position: 'Staff Engineer' },
      { first_name: 'Ben', company: 'Acme', position: 'CTO' },
      { first_name: 'Cleo', company: 'Globex', position: 'Recruiter' },
    ]);
    const commits = await dataSource.query(
      'SELECT inserted, touched_companies FROM network.import_commits WHERE import_id = $1',
      [key.importId],
    );
    expect(commits).toEqual([{ inserted: 3, touched_companies: ['acme', 'globex'] }]);
    const versions = await dataSource.query(
      'SELECT version::int FROM network.network_versions WHERE owner_user_id = $1',
      [key.userId],
    );
    expect(versions).toEqual([{ version: 1 }]);
    expect(direct.openSessions).toBe(0);
  });

  it('answers staged for an owner who has people, an import already committed, or a busy owner', async () => {
    const direct = sessions();
    const withPeople = newKey();
    await insertPeople(dataSource, withPeople.userId, [
      { firstName: 'Ana', company: 'Acme', position: 'CTO' },
    ]);
    expect(await direct.open(withPeople)).toEqual({ mode: 'staged' });

    const committed = newKey();
    await direct.open(committed);
    await direct.stage(committed, 1, bytes([person(5, 'Ana', 'Acme', 'CTO')]));
    await direct.commit(committed);
    const retry = { ...committed, attempt: 2 };
    await dataSource.query('DELETE FROM network.connections WHERE owner_user_id = $1', [committed.userId]);
    expect(await direct.open(retry)).toEqual({ mode: 'staged' });

    const busy = newKey();
    expect((await direct.open(busy)).mode).toBe('direct');
    const other = { ...newKey(), userId: busy.userId };
    expect(await sessions().open(other)).toEqual({ mode: 'staged' });
    await direct.abort(busy);
    expect(direct.openSessions).toBe(0);
  });

  it(`holds at most ${MAX_DIRECT_SESSIONS} imports at once; more go through staging`, async () => {
    const direct = sessions();
    const keys = Array.from({ length: MAX_DIRECT_SESSIONS }, newKey);
    for (const key of keys) expect((await direct.open(key)).mode).toBe('direct');
    expect(await direct.open(newKey())).toEqual({ mode: 'staged' });
    for (const key of keys) expect(await direct.abort(key)).toBe(true);
  });

  it('stages every import when IMPORT_DIRECT_MAX_SESSIONS is 0', async () => {
    const off = new DirectImportSessions(dataSource, pino({ level: 'silent' }), {
      IMPORT_DIRECT_MAX_SESSIONS: 0,
    });
    expect(await off.open(newKey())).toEqual({ mode: 'staged' });
  });

  it('rolls an aborted import back and frees the owner for the next try', async () => {
    const direct = sessions();
    const key = newKey();
    await direct.open(key);
    await direct.stage(key, 1, bytes([person(5, 'Ana', 'Acme', 'CTO')]));
    expect(await direct.abort(key)).toBe(true);
    expect(await direct.abort(key)).toBe(false);
    expect(await people(key.userId)).toEqual([]);
    await expect(direct.stage(key, 1, bytes([person(6, 'Ben', 'Acme', 'CTO')]))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect((await direct.open({ ...key, attempt: 2 })).mode).toBe('direct');
    await direct.abort({ ...key, attempt: 2 });
  });

  it('refuses a batch whose rows are not the ones announced, and keeps the import open', async () => {
    const direct = sessions();
    const key = newKey();
    await direct.open(key);
    await expect(direct.stage(key, 3, bytes([person(5, 'Ana', 'Acme', 'CTO')]))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await direct.stage(key, 1, bytes([person(5, 'Ana', 'Acme', 'CTO')]));
    expect((await direct.commit(key)).inserted).toBe(1);
  });

  it('rolls everything back when a step fails, and answers the later steps SERVICE_UNAVAILABLE', async () => {
    const direct = sessions();
    const key = newKey();
    await direct.open(key);
    await direct.stage(key, 1, bytes([person(5, 'Ana', 'Acme', 'CTO')]));
    // A seniority that is not a number: Postgres refuses the batch.
    const broken = new TextEncoder().encode(
      encodeStagedRows([person(6, 'Ben', 'Acme', 'CTO')]).replace('\t4\n', '\tx\n'),
    );
    await expect(direct.stage(key, 1, broken)).rejects.toThrow(/smallint/);
    await expect(direct.commit(key)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await people(key.userId)).toEqual([]);
    expect(direct.openSessions).toBe(0);
    expect((await direct.open({ ...key, attempt: 2 })).mode).toBe('direct');
    await direct.abort({ ...key, attempt: 2 });
  });

  it('answers SERVICE_UNAVAILABLE to a batch or commit of an import it does not hold', async () => {
    const direct = sessions();
    const key = newKey();
    await expect(direct.stage(key, 1, bytes([person(5, 'Ana', 'Acme', 'CTO')]))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    await expect(direct.commit(key)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('rolls back an import whose worker went silent, so the next try can take the owner', async () => {
    const direct = sessions();
    direct.idleMs = 200;
    const key = newKey();
    await direct.open(key);
    await direct.stage(key, 1, bytes([person(5, 'Ana', 'Acme', 'CTO')]));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(direct.openSessions).toBe(0);
    await expect(direct.commit(key)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const next = sessions();
    expect((await next.open({ ...key, attempt: 2 })).mode).toBe('direct');
    await next.abort({ ...key, attempt: 2 });
  });

  it('rolls back every open import when the service shuts down', async () => {
    const direct = sessions();
    const key = newKey();
    await direct.open(key);
    await direct.stage(key, 1, bytes([person(5, 'Ana', 'Acme', 'CTO')]));
    await direct.onApplicationShutdown();
    expect(await people(key.userId)).toEqual([]);
    expect(await direct.open(newKey())).toEqual({ mode: 'staged' });
  });
});
