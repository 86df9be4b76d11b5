import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ServiceError } from '@warmpath/server-kit';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { NetworkReader } from '../../src/modules/graph/network-reader.service.js';
import { NetworkRepository } from '../../src/modules/graph/network.repository.js';
import { CompanyLinksRepository } from '../../src/modules/import-writes/company-links.repository.js';
import { ImportResultRepository } from '../../src/modules/import-writes/import-result.repository.js';
import {
  insertPeople,
  linkCounts,
  recordCommit,
  type StoredPerson,
  throwawayNetworkDatabase,
  type ThrowawayNetworkDatabase,
} from './network-database.testing.js';

// The link step and the read side on a real Postgres: counts kept per company, links derived on read.

let dataSource: DataSource;
let database: ThrowawayNetworkDatabase;

beforeAll(async () => {
  database = await throwawayNetworkDatabase();
  dataSource = database.dataSource;
});

afterAll(() => database?.close());

const engineers = (count: number, company: string): StoredPerson[] =>
  Array.from({ length: count }, (_, i) => ({ firstName: `Eng${i}`, company, position: 'Software Engineer' }));

// Acme: three who all link (a CTO leads); Globex: two of different functions (one general link);
// Initech: one person (no link); Bigco: 18 engineers, over the full-mesh size (17 + 16 links).
const FIRST_EXPORT: StoredPerson[] = [
  { firstName: 'Ana', company: 'Acme', position: 'Software Engineer' },
  { firstName: 'Ben', company: 'ACME, Inc.', position: 'Senior Software Engineer' },
  { firstName: 'Cleo', company: 'Acme', position: 'Chief Technology Officer' },
  { firstName: 'Dan', company: 'Globex', position: 'Recruiter' },
  { firstName: 'Eve', company: 'Globex', position: 'Account Executive' },
  { firstName: 'Finn', company: 'Initech', position: 'Engineer' },
  ...engineers(18, 'Bigco'),
];

async function importFirstExport(userId: number) {
  await insertPeople(dataSource, userId, FIRST_EXPORT);
  const importId = randomUUID();
  await recordCommit(dataSource, importId, userId, ['Acme', 'Globex', 'Initech', 'Bigco']);
  return importId;
}

describe('company links of an import', () => {
  const linksOf = () => new CompanyLinksRepository(dataSource);
  const reader = () => new NetworkReader(new NetworkRepository(dataSource));

  it('keeps each company’s number of links, and the total is what a read of the network derives', async () => {
    const userId = 41;
    const importId = await importFirstExport(userId);
    const result = await linksOf().relink(importId, userId);
    expect(await linkCounts(dataSource, userId)).toEqual({ acme: 3, bigco: 33, globex: 1 });
    expect(result).toMatchObject({ relationships: 37, linkedNow: true, version: '1' });
    expect(result.timings).toMatchObject({ links: 37 });

    const network = await reader().current(userId);
    expect(network.companyLinks).toHaveLength(37);
    const [ana, ben, cleo] = network.people.filter((p) => ['Ana', 'Ben', 'Cleo'].includes(p.firstName));
    const acme = network.companyLinks.filter((l) => l.company === 'Acme').map((l) => l.id);
    expect(acme.sort()).toEqual(
      [`${cleo?.id}-${ben?.id}`, `${cleo?.id}-${ana?.id}`, `${ben?.id}-${ana?.id}`].sort(),
    );
    // The synchronous import routes answer the same links and totals.
    const repository = new NetworkRepository(dataSource);
    const results = new ImportResultRepository(reader(), repository);
    const page = await results.page(userId, null);
    expect(page).toMatchObject({ totalConnections: 24, totalRelationships: 37, next: null });
    // Over the sync routes' limit: the same totals, counted without loading the network.
    expect(await results.page(userId, null, new Date(), 23)).toEqual({
      connections: [],
      relationships: [],
      totalConnections: 24,
      totalRelationships: 37,
      next: null,
    });
    expect(page.relationships.map((l) => l.id)).toEqual(network.companyLinks.map((l) => l.id));
  });

  it('answers a retry of the same import without writing or bumping the version again', async () => {
    const userId = 43;
    const importId = await importFirstExport(userId);
    const first = await linksOf().relink(importId, userId);
    const again = await linksOf().relink(importId, userId);
    expect(again).toMatchObject({ relationships: 37, linkedNow: false, version: first.version, timings: {} });
    expect(await linkCounts(dataSource, userId)).toEqual({ acme: 3, bigco: 33, globex: 1 });
  });

  it('recounts the companies an updated export moved people between, and leaves the others', async () => {
    const userId = 44;
    await linksOf().relink(await importFirstExport(userId), userId);
    const other = 45;
    await linksOf().relink(await importFirstExport(other), other);
    // Eve leaves Globex for Acme: Globex keeps Dan alone, Acme grows to four.
    await dataSource.query(
      `UPDATE network.connections SET company = 'Acme', company_key = 'acme'
       WHERE owner_user_id = $1 AND first_name = 'Eve'`,
      [userId],
    );
    const update = randomUUID();
    await recordCommit(dataSource, update, userId, ['Acme', 'Globex']);
    const result = await linksOf().relink(update, userId);

    expect(await linkCounts(dataSource, userId)).toEqual({ acme: 6, bigco: 33 });
    expect(result).toMatchObject({ relationships: 39, linkedNow: true, version: '2' });
    expect((await reader().current(userId)).companyLinks).toHaveLength(39);
    expect(await linkCounts(dataSource, other)).toEqual({ acme: 3, bigco: 33, globex: 1 });
  });

  it('refuses to link an import that was never committed, or that is someone else’s', async () => {
    const importId = await importFirstExport(46);
    await expect(linksOf().relink(randomUUID(), 46)).rejects.toThrow(ServiceError);
    await expect(linksOf().relink(importId, 47)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await linkCounts(dataSource, 46)).toEqual({});
  });
});
