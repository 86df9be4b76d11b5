import { expect, test } from '@playwright/test';
import { importUploadBucket, type ImportAccepted } from '@warmpath/contracts';
import { buildZip, generateArchive } from '@warmpath/testing';
import { Objm } from '@nats-io/obj';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { query, signUp, stackEnv, upload, waitForImport } from './import.testing.js';

// No message content is ever kept (docs/warmth.md, "What is stored"): an archive whose every
// content, subject, note and recommendation text holds a marker is imported, then every place
// the stack keeps data is searched for the marker.

const MARKER = `NO-CONTENT-MARKER-${Date.now().toString(36)}`;

/** Every text-like column of every schema of the stack's database that holds the marker. */
async function databaseHits(): Promise<string[]> {
  const columns = await query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT table_schema, table_name, column_name FROM information_schema.columns
     WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
       AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY', 'USER-DEFINED')`,
  );
  const hits: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const [row] = await query<{ hits: number }>(
      `SELECT count(*)::int AS hits FROM "${table_schema}"."${table_name}" WHERE "${column_name}"::text LIKE $1`,
      [`%${MARKER}%`],
    );
    if ((row?.hits ?? 0) > 0) hits.push(`${table_schema}.${table_name}.${column_name}`);
  }
  return hits;
}

/** The run's Redis keys (and their values, whatever their type) that hold the marker. */
async function redisHits(): Promise<string[]> {
  const env = stackEnv();
  const redis = new Redis(env.REDIS_URL as string);
  const hits: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.REDIS_PREFIX}*`, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        const value =
          type === 'string'
            ? await redis.getBuffer(key)
            : type === 'hash'
              ? await redis.hgetall(key)
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : type === 'set'
                  ? await redis.smembers(key)
                  : type === 'zset'
                    ? await redis.zrange(key, '0', '-1')
                    : type === 'stream'
                      ? await redis.xrange(key, '-', '+')
                      : null;
        const text = Buffer.isBuffer(value) ? value.toString('latin1') : JSON.stringify(value);
        if (key.includes(MARKER) || text.includes(MARKER)) hits.push(key);
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return hits;
}

/** Objects of the run's upload bucket, and whether their bytes hold the marker. */
async function objectStore(): Promise<{ objects: number; hits: string[] }> {
  const env = stackEnv();
  const nc = await connect({ servers: env.NATS_URL });
  try {
    const bucket = await new Objm(nc).create(importUploadBucket(env.NATS_PREFIX ?? ''));
    const hits: string[] = [];
    const objects = await bucket.list();
    for (const object of objects) {
      const bytes = await bucket.getBlob(object.name);
      if (bytes && Buffer.from(bytes).toString('latin1').includes(MARKER)) hits.push(object.name);
    }
    return { objects: objects.length, hits };
  } finally {
    await nc.close();
  }
}

/** The services' log files of this run that mention the marker. */
async function logHits(): Promise<string[]> {
  const runId = (stackEnv().NATS_PREFIX ?? '').replace(/^e2e/, '');
  const dir = join(process.cwd(), '..', '.test-results', `e2e-logs-${runId}`);
  const files = await readdir(dir).catch(() => [] as string[]);
  const hits: string[] = [];
  for (const file of files) if ((await readFile(join(dir, file), 'latin1')).includes(MARKER)) hits.push(file);
  return hits;
}

test('an archive with a marker in every content cell leaves the marker nowhere', async ({ request }) => {
  await signUp(request);
  const archive = generateArchive({ seed: 11, connections: 120, messages: 1500, marker: MARKER });
  // Stored, not deflated: an upload left behind would show the marker in its raw bytes.
  const zip = buildZip(archive.files.map((file) => ({ ...file, method: 'store' as const })));
  expect(Buffer.from(zip).toString('latin1')).toContain(MARKER);
  const response = await upload(request, zip, {
    fileName: 'Complete_LinkedInDataExport.zip',
    mimeType: 'application/zip',
    async: true,
  });
  expect(response.status(), await response.text()).toBe(202);
  const status = await waitForImport(request, ((await response.json()) as ImportAccepted).id);
  expect(status.state).toBe('completed');
  expect(status.signals?.messages).toBe(archive.counts.messages);
  expect(status.signals?.connections).toBeGreaterThan(50);
  // The signals were stored: the scan below looks where they are.
  const [stored] = await query<{ rows: number }>(
    'SELECT count(*)::int AS rows FROM network.connection_signals',
  );
  expect(stored?.rows).toBeGreaterThan(50);
  expect((await request.get('/api/network')).status()).toBe(200);

  expect(await databaseHits()).toEqual([]);
  expect(await redisHits()).toEqual([]);
  expect((await objectStore()).hits).toEqual([]);
  expect(await logHits()).toEqual([]);
});
