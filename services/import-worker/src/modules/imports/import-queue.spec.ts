import { afterAll, describe, expect, it } from '@jest/globals';
import { metricsRegistry } from '@warmpath/server-kit';
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import { importWorkerConfigSchema } from '../../config/import-worker.config.js';
import { Queue } from 'bullmq';
import { bullConnection, bullPrefix, cappedBackoff, IMPORT_QUEUE, ImportQueue } from './import-queue.js';

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
  const queue = new ImportQueue(config, pino({ level: 'silent' }));

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

describe('cappedBackoff', () => {
  it('doubles from the first delay and stops at the cap, so retries outlast a failover', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((attempt) => cappedBackoff(attempt, 5000, 60_000));
    expect(delays).toEqual([5000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
    // The default 8 tries wait about four minutes in all before an import is given up.
    expect(delays.reduce((sum, ms) => sum + ms, 0)).toBe(255_000);
  });
});
