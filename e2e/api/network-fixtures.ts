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

/** A company link between two people: an index in the seed list, or the id of someone stored before. */
export interface SeedLink {
  from: number | string;
  to: number | string;
  strength: number;
  type: 'company-role' | 'company-group' | 'company-general';
  company: string;
}

export interface SeededNetwork {
  /** Stored ids, in the order of the seed list. */
  ids: string[];
  relationships: number;
}

/**
 * Writes a network the way the import pipeline leaves it (rows with the libs/domain category and
 * seniority, company links, a bumped network version), straight into the stack's database, then
 * bumps the snapshot generation in Redis as the import's writes do after their commit. Links
 * default to the generated ones of libs/domain, as an import would make them.
 */
export async function seedNetwork(
  userId: number,
  people: readonly SeedPerson[],
  links?: readonly SeedLink[],
): Promise<SeededNetwork> {
  const client = new pg.Client({ connectionString: stackEnv().DATABASE_URL });
  await client.connect();
  try {
    await client.query('BEGIN');
    const ids = await insertPeople(client, userId, people);
    const stored = links ?? generatedLinks(people, ids);
    const idOf = (end: number | string) => (typeof end === 'string' ? end : (ids[end] as string));
    await insertLinks(
      client,
      userId,
      stored.map((link) => ({ ...link, sourceId: idOf(link.from), targetId: idOf(link.to) })),
    );
    await bumpVersion(client, userId);
    await client.query('COMMIT');
    await bumpSnapshotGeneration(userId);
    return { ids, relationships: stored.length };
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

function generatedLinks(people: readonly SeedPerson[], ids: readonly string[]): SeedLink[] {
  const indexOf = new Map(ids.map((id, index) => [id, index]));
  const generated = generateCompanyLinks(
    people.map((p, i) => ({
      id: ids[i] as string,
      company: p.company ?? null,
      position: p.position ?? null,
    })),
  );
  return generated.map((link) => ({
    from: indexOf.get(link.sourceId) as number,
    to: indexOf.get(link.targetId) as number,
    strength: link.strength,
    type: link.type,
    company: link.company,
  }));
}

type StoredLink = SeedLink & { sourceId: string; targetId: string };

async function insertLinks(client: pg.Client, userId: number, links: readonly StoredLink[]): Promise<void> {
  if (!links.length) return;
  await client.query(
    `INSERT INTO network.relationships (owner_user_id, source_id, target_id, type, strength, company, company_key)
     SELECT $1, * FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::int[], $6::text[], $7::text[])`,
    [
      userId,
      links.map((l) => l.sourceId),
      links.map((l) => l.targetId),
      links.map((l) => l.type),
      links.map((l) => l.strength),
      links.map((l) => l.company),
      links.map((l) => companyKey(l.company)),
    ],
  );
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
