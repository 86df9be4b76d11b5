import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { ImportAccepted, ImportStatus } from '@warmpath/contracts';
import { buildExportRow, buildLinkedInCsv, type ExportRow } from '@warmpath/testing';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { waitForImport } from '../support/import-status.js';

export { waitForImport };

/** The environment the global setup started the stack with (database, prefixes). */
export function stackEnv(): Record<string, string> {
  return JSON.parse(process.env.WARMPATH_TEST_ENV ?? '{}') as Record<string, string>;
}

/** Registers a fresh user on `request` (its cookie jar keeps the session) and answers its id. */
export async function signUp(request: APIRequestContext): Promise<number> {
  const id = randomBytes(4).toString('hex');
  const password = `pw-${id}-secret`;
  const response = await request.post('/api/register', {
    data: {
      username: `imp_${id}`,
      firstName: 'Ana',
      lastName: 'Silva',
      email: `imp.${id}@example.org`,
      password,
      confirmPassword: password,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

export interface UploadOptions {
  route?: string;
  fileName?: string;
  mimeType?: string;
  /** Ask for the 202 at once (`Prefer: respond-async`). */
  async?: boolean;
}

/** POSTs `content` as the multipart field `file`, as the import dialogs do. */
export function upload(
  request: APIRequestContext,
  content: string | Uint8Array,
  options: UploadOptions = {},
): Promise<APIResponse> {
  return request.post(options.route ?? '/api/network/import/authenticated', {
    headers: options.async ? { prefer: 'respond-async' } : {},
    multipart: {
      file: {
        name: options.fileName ?? 'Connections.csv',
        mimeType: options.mimeType ?? 'text/csv',
        buffer: Buffer.from(content),
      },
    },
    timeout: 60_000,
  });
}

/** Runs one statement on the stack's database. */
export async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stackEnv().DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface StoredNetwork {
  connections: Record<string, unknown>[];
  /** Company links per company key (the links themselves are derived when the network is read). */
  linkCounts: { company_key: string; links: number }[];
  version: string | null;
}

/** The number of company links a stored network says it has. */
export const storedLinkTotal = (network: StoredNetwork): number =>
  network.linkCounts.reduce((sum, row) => sum + row.links, 0);

/** Everything stored for a user, ids and timestamps included: "nothing changed" means equal. */
export async function storedNetwork(userId: number): Promise<StoredNetwork> {
  const connections = await query<Record<string, unknown>>(
    `SELECT id::text, match_key, first_name, last_name, email, linkedin_url, company, company_key, position, industry,
            location, connected_on::text, category, seniority, notes, created_at::text, updated_at::text
     FROM network.connections WHERE owner_user_id = $1 ORDER BY id`,
    [userId],
  );
  const linkCounts = await query<{ company_key: string; links: number }>(
    `SELECT company_key, links FROM network.company_link_counts WHERE owner_user_id = $1 ORDER BY company_key`,
    [userId],
  );
  const versions = await query<{ version: string }>(
    'SELECT version::text FROM network.network_versions WHERE owner_user_id = $1',
    [userId],
  );
  return { connections, linkCounts, version: versions[0]?.version ?? null };
}

/**
 * Rows staged for `userId`'s imports (none should outlive an import); with no user, every staged
 * row, which only a spec running alone may count (e2e/playwright.config.ts).
 */
export async function stagedRowCount(userId?: number): Promise<number> {
  const rows =
    userId === undefined
      ? await query<{ count: number }>('SELECT count(*)::int AS count FROM network.import_staging')
      : await query<{ count: number }>(
          `SELECT count(*)::int AS count FROM network.import_staging
            WHERE import_id IN (SELECT id FROM imports.imports WHERE user_id = $1)`,
          [userId],
        );
  return rows[0]?.count ?? 0;
}

/** Reads an import's Server-Sent Events until the server closes the stream. */
export async function readImportEvents(importId: string, cookie: string): Promise<ImportStatus[]> {
  const response = await fetch(`${process.env.WARMPATH_URL}/api/imports/${importId}/events`, {
    headers: { cookie },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const text = await response.text();
  return text
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice('data: '.length)) as ImportStatus);
}

/** The session cookie of a request context, for plain fetch calls. */
export async function cookieOf(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** A person of the "Tester" family, with a profile URL derived from the first name. */
export const testerRow = (firstName: string, company: string, position: string): ExportRow =>
  buildExportRow({
    firstName,
    lastName: 'Tester',
    url: `https://www.linkedin.com/in/${firstName.toLowerCase()}-t`,
    company,
    position,
  });

/** Uploads `rows` as an export, waits for the import and expects it completed. */
export async function importRows(request: APIRequestContext, rows: ExportRow[]): Promise<ImportStatus> {
  const response = await upload(request, buildLinkedInCsv(rows), { async: true });
  expect(response.status()).toBe(202);
  const status = await waitForImport(request, ((await response.json()) as ImportAccepted).id);
  expect(status.state).toBe('completed');
  return status;
}
