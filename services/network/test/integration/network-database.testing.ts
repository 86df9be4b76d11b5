import { companyKey, positionInfo } from '@warmpath/domain';
import { ensureSchema, serviceDataSourceOptions } from '@warmpath/server-kit';
import { createThrowawayDatabase } from '@warmpath/testing';
import { DataSource } from 'typeorm';
import { networkEntities } from '../../src/database/entities/index.js';
import { migrations } from '../../src/database/migrations/index.js';

/** The network schema on a database of its own, migrated up to `upTo` migrations (all by default). */
export async function openNetworkDatabase(url: string, upTo = migrations.length): Promise<DataSource> {
  await ensureSchema(url, 'network');
  const dataSource = new DataSource({
    ...serviceDataSourceOptions({
      url,
      schema: 'network',
      entities: networkEntities,
      migrations: migrations.slice(0, upTo),
    }),
    extra: { max: 4 },
  });
  return dataSource.initialize();
}

export interface ThrowawayNetworkDatabase {
  dataSource: DataSource;
  /** Closes the connection and drops the database. */
  close(): Promise<void>;
}

/** A database of its own with the whole network schema, for a spec's beforeAll. */
export async function throwawayNetworkDatabase(): Promise<ThrowawayNetworkDatabase> {
  const database = await createThrowawayDatabase();
  const dataSource = await openNetworkDatabase(database.url);
  return {
    dataSource,
    close: async () => {
      await dataSource.destroy();
      await database.drop();
    },
  };
}

export interface StoredPerson {
  firstName: string;
  company: string | null;
  position: string | null;
}

/** Inserts people as the import merge leaves them (libs/domain keys, category and seniority); their ids. */
export async function insertPeople(
  dataSource: DataSource,
  ownerUserId: number,
  people: readonly StoredPerson[],
): Promise<string[]> {
  const rows: { id: string }[] = await dataSource.query(
    `INSERT INTO network.connections (owner_user_id, match_key, first_name, last_name, company, company_key,
       position, category, seniority)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::int[])
     RETURNING id::text AS id`,
    [
      ownerUserId,
      people.map((p) => `name:${p.firstName.toLowerCase()}`),
      people.map((p) => p.firstName),
      people.map(() => 'Test'),
      people.map((p) => p.company),
      people.map((p) => companyKey(p.company)),
      people.map((p) => p.position),
      people.map((p) => positionInfo(p.position).category),
      people.map((p) => positionInfo(p.position).seniority),
    ],
  );
  return rows.map((row) => row.id).sort((a, b) => Number(a) - Number(b));
}

/** What the merge records for an import: its counts and the company keys it touched. */
export async function recordCommit(
  dataSource: DataSource,
  importId: string,
  ownerUserId: number,
  touchedCompanies: readonly (string | null)[],
): Promise<void> {
  await dataSource.query(
    `INSERT INTO network.import_commits (import_id, owner_user_id, attempt, inserted, touched_companies)
     VALUES ($1, $2, 1, 0, $3)`,
    [importId, ownerUserId, touchedCompanies.map((name) => companyKey(name))],
  );
}

/** Company links per company key of one owner, as the link step left them. */
export async function linkCounts(
  dataSource: DataSource,
  ownerUserId: number,
): Promise<Record<string, number>> {
  const rows: { company_key: string; links: number }[] = await dataSource.query(
    `SELECT company_key, links FROM network.company_link_counts WHERE owner_user_id = $1 ORDER BY company_key`,
    [ownerUserId],
  );
  return Object.fromEntries(rows.map((row) => [row.company_key, row.links]));
}

/** A member's person as a test writes them (the import's keys, category and seniority derived). */
export interface ImportedPerson {
  first: string;
  last: string;
  company: string;
  position?: string;
  url?: string;
  email?: string;
  years?: number;
}

/**
 * What an import commit leaves: the rows (matched on their URL, else on name + company), then the
 * owner's network version bumped. Answers the new version.
 */
export async function importPeople(
  dataSource: DataSource,
  ownerUserId: number,
  people: readonly ImportedPerson[],
): Promise<string> {
  const year = new Date().getUTCFullYear();
  await dataSource.query(
    `INSERT INTO network.connections (owner_user_id, match_key, first_name, last_name, company, company_key,
       position, category, seniority, linkedin_url, email, connected_on)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::int[], $10::text[], $11::text[], $12::date[])`,
    [
      ownerUserId,
      people.map((p) =>
        p.url ? `url:${p.url}` : `name:${p.first} ${p.last}|${companyKey(p.company)}`.toLowerCase(),
      ),
      people.map((p) => p.first),
      people.map((p) => p.last),
      people.map((p) => p.company),
      people.map((p) => companyKey(p.company)),
      people.map((p) => p.position ?? null),
      people.map((p) => positionInfo(p.position ?? null).category),
      people.map((p) => positionInfo(p.position ?? null).seniority),
      people.map((p) => p.url ?? null),
      people.map((p) => p.email ?? null),
      people.map((p) => (p.years === undefined ? null : `${year - p.years}-01-01`)),
    ],
  );
  return bumpVersion(dataSource, ownerUserId);
}

/** The owner's network version bumped, as every writer of their network does; the new version. */
export async function bumpVersion(dataSource: DataSource, ownerUserId: number): Promise<string> {
  const rows: { version: string }[] = await dataSource.query(
    `INSERT INTO network.network_versions (owner_user_id, version) VALUES ($1, 1)
     ON CONFLICT (owner_user_id) DO UPDATE SET version = network.network_versions.version + 1
     RETURNING version::text AS version`,
    [ownerUserId],
  );
  return (rows[0] as { version: string }).version;
}
