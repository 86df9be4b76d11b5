import type { APIRequestContext } from '@playwright/test';
import { networkGenerationKey } from '@warmpath/contracts';
import { companyKey, generateCompanyLinks, positionInfo } from '@warmpath/domain';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { stackEnv } from '../support/stack-control.js';
import { newUser, registerUser } from '../support/users.js';

/** A person to store in a test network; dates as LinkedIn's "Connected On" (yyyy-mm-dd). */
export interface SeedPerson {
  firstName: string;
  lastName: string;
  company?: string | null;
  position?: string | null;
  email?: string | null;
  linkedinUrl?: string | null;
  connectedOn?: string | null;
  industry?: string | null;
  location?: string | null;
  notes?: string | null;
  hasWorkedWith?: boolean;
}

export interface SeededNetwork {
  /** Stored ids, in the order of the seed list. */
  ids: string[];
  /** Company links of the user's whole network after the seed (GET /api/network derives them). */
  relationships: number;
}

/**
 * Writes a network the way the import pipeline leaves it (rows with the libs/domain category and
 * seniority, each company's number of links, a bumped network version), straight into the stack's
 * database, then bumps the snapshot generation in Redis as the import's writes do after their
 * commit. Company links are not stored: the network service derives them from the people.
 */
export async function seedNetwork(userId: number, people: readonly SeedPerson[]): Promise<SeededNetwork> {
  const client = new pg.Client({ connectionString: stackEnv().DATABASE_URL });
  await client.connect();
  try {
    await client.query('BEGIN');
    const ids = await insertPeople(client, userId, people);
    const relationships = await recountLinks(client, userId);
    await bumpVersion(client, userId);
    await client.query('COMMIT');
    await bumpSnapshotGeneration(userId);
    return { ids, relationships };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}

/** Runs one statement on the stack's database (e.g. to look at what a route wrote). */
export async function queryDatabase<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stackEnv().DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function insertPeople(
  client: pg.Client,
  userId: number,
  people: readonly SeedPerson[],
): Promise<string[]> {
  const column = <T>(pick: (person: SeedPerson, index: number) => T) => people.map(pick);
  const info = people.map((person) => positionInfo(person.position ?? null));
  // Match keys are unique per owner: a second seed of the same user is a second batch of people.
  const batch = randomUUID();
  const result = await client.query<{ id: string }>(
    `INSERT INTO network.connections (owner_user_id, match_key, first_name, last_name, email, linkedin_url, company,
       company_key, position, industry, location, connected_on, category, seniority, notes, has_worked_with)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::text[], $10::text[], $11::text[], $12::date[], $13::text[], $14::int[], $15::text[], $16::boolean[])
     RETURNING id::text AS id`,
    [
      userId,
      column((_, i) => `seed:${batch}:${i}`),
      column((p) => p.firstName),
      column((p) => p.lastName),
      column((p) => p.email ?? null),
      column((p) => p.linkedinUrl ?? null),
      column((p) => p.company ?? null),
      column((p) => companyKey(p.company ?? null)),
      column((p) => p.position ?? null),
      column((p) => p.industry ?? null),
      column((p) => p.location ?? null),
      column((p) => p.connectedOn ?? null),
      info.map((i) => i.category),
      info.map((i) => i.seniority),
      column((p) => p.notes ?? null),
      column((p) => p.hasWorkedWith ?? false),
    ],
  );
  // unnest + INSERT keeps the input order for ids from one sequence: sort numerically to be sure.
  return result.rows.map((row) => row.id).sort((a, b) => Number(a) - Number(b));
}

/** The link step of an import, for every company of the user: links per company key; the total. */
async function recountLinks(client: pg.Client, userId: number): Promise<number> {
  const people = await client.query<{ id: string; company: string | null; position: string | null }>(
    'SELECT id::text AS id, company, position FROM network.connections WHERE owner_user_id = $1',
    [userId],
  );
  const counts = new Map<string, number>();
  for (const link of generateCompanyLinks(people.rows)) {
    const key = companyKey(link.company) as string;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  await client.query('DELETE FROM network.company_link_counts WHERE owner_user_id = $1', [userId]);
  await client.query(
    `INSERT INTO network.company_link_counts (owner_user_id, company_key, links)
     SELECT $1, * FROM unnest($2::text[], $3::int[])`,
    [userId, [...counts.keys()], [...counts.values()]],
  );
  return [...counts.values()].reduce((sum, count) => sum + count, 0);
}

/** What every write to a network does (import, notes): a new version, so caches and ETags move on. */
export async function bumpVersion(client: pg.Client, userId: number): Promise<void> {
  await client.query(
    `INSERT INTO network.network_versions AS v (owner_user_id, version) VALUES ($1, 1)
     ON CONFLICT (owner_user_id) DO UPDATE SET version = v.version + 1`,
    [userId],
  );
}

/** What every writer of a network does after its commit: the gateway stops serving the old snapshot. */
export async function bumpSnapshotGeneration(userId: number): Promise<void> {
  const env = stackEnv();
  const redis = new Redis(env.REDIS_URL as string, { keyPrefix: env.REDIS_PREFIX });
  try {
    await redis.incr(networkGenerationKey(userId));
  } finally {
    redis.disconnect();
  }
}

/** A new signed-in user (the request context keeps the session cookie) and their id. */
export async function signedInUser(
  request: APIRequestContext,
  names: { firstName?: string; lastName?: string } = {},
) {
  const { user, body } = await registerUser(request, newUser(names));
  return { user, userId: (body as { id: number }).id };
}

/** An ISO date `years` whole years (and a month) before today, so yearsConnected is exactly `years`. */
export function yearsAgo(years: number, now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 10);
}

/** LinkedIn's "Connected On" text ("24 Nov 2019") of the day `yearsAgo` answers. */
export function connectedYearsAgo(years: number): string {
  const [y, m, d] = yearsAgo(years).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toUTCString().slice(5, 16);
}

/** A LinkedIn export row, [first, last, url, email, company, position, connected on]. */
export function exportRow(
  first: string,
  last: string,
  slug: string,
  company: string,
  years: number,
  { position = 'Software Engineer', email = '' }: { position?: string; email?: string } = {},
): string[] {
  return [
    first,
    last,
    `https://www.linkedin.com/in/${slug}`,
    email,
    company,
    position,
    connectedYearsAgo(years),
  ];
}

/** A LinkedIn Connections.csv export (with its "Notes:" preamble) of the given rows. */
export function linkedInCsv(
  rows: readonly (readonly string[])[],
  header = ['First Name', 'Last Name', 'URL', 'Email Address', 'Company', 'Position', 'Connected On'],
): string {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return [
    'Notes:',
    '"When exporting your connection data, you may notice that some of the email addresses are missing."',
    '',
    header.join(','),
    ...rows.map((row) => row.map(quote).join(',')),
    '',
  ].join('\n');
}

/** Imports a CSV through the signed-in import route and waits for its synchronous answer. */
export function importCsv(request: APIRequestContext, csv: string) {
  return request.post('/api/network/import/authenticated', {
    multipart: { file: { name: 'Connections.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    timeout: 60_000,
  });
}
