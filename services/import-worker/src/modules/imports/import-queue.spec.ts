import { afterAll, describe, expect, it } from '@jest/globals';
import { metricsRegistry } from '@warmpath/server-kit';
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import { importWorkerConfigSchema } from '../../config/import-worker.config.js';
import { Queue } from 'bullmq';
import { bullConnection, bullPrefix, IMPORT_QUEUE, ImportQueue } from './import-queue.js';
import type { ImportsRepository } from './imports.repository.js';

const config = importWorkerConfigSchema.parse({
  DATABASE_URL: 'postgres://127.0.0.1:5432/unused',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `warmpath-test-${randomBytes(4).toString('hex')}:`,
  NATS_URL: 'nats://127.0.0.1:4222',
});

/** What an operator's Prometheus scrapes, read back as a number. */
async function scrapedWaiting(): Promise<number> {
  const text = await metricsRegistry.metrics();
  const line = text.split('\n').find((entry) => entry.startsWith('warmpath_import_queue_waiting '));
  return Number(line?.split(' ')[1]);
}

describe('ImportQueue on the real Redis', () => {
  const queue = new ImportQueue(config, pino({ level: 'silent' }), {} as ImportsRepository);

  afterAll(async () => {
    await queue.onApplicationShutdown();
    const connection = bullConnection(config);
    const cleanup = new Queue(IMPORT_QUEUE, { connection, prefix: bullPrefix(config.REDIS_PREFIX) });
    await cleanup.obliterate({ force: true });
    await cleanup.close();
    connection.disconnect();
  });

  it('publishes the imports waiting for a worker as warmpath_import_queue_waiting (the autoscaler reads it)', async () => {
    expect(await scrapedWaiting()).toBe(0);
    const first = randomUUID();
    await queue.enqueue(first);
    await queue.enqueue(randomUUID());
    expect(await scrapedWaiting()).toBe(2);
    // The job id is the import id: queuing the same import again adds nothing.
    await queue.enqueue(first);
    expect(await scrapedWaiting()).toBe(2);
  });
});
