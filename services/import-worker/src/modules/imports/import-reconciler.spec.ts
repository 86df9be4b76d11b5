import { afterAll, describe, expect, it } from '@jest/globals';
import type { BusClient } from '@warmpath/server-kit';
import { Queue, Worker } from 'bullmq';
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import { importWorkerConfigSchema } from '../../config/import-worker.config.js';
import type { ImportEntity } from './import.entity.js';
import { bullConnection, bullPrefix, IMPORT_QUEUE, ImportQueue } from './import-queue.js';
import { ImportReconciler } from './import-reconciler.js';
import type { ImportPatch, ImportsRepository } from './imports.repository.js';

const config = importWorkerConfigSchema.parse({
  DATABASE_URL: 'postgres://127.0.0.1:5432/unused',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `warmpath-test-${randomBytes(4).toString('hex')}:`,
  NATS_URL: 'nats://127.0.0.1:4222',
  IMPORT_ATTEMPTS: '1',
  IMPORT_RECONCILE_GRACE_MS: '10000',
});
const logger = pino({ level: 'silent' });
const NOW = Date.now();

/** The imports table as the reconciler sees it (the queue is the real BullMQ on the real Redis). */
class ImportsTable {
  readonly rows = new Map<string, ImportEntity>();

  add(state: ImportEntity['state'], updatedAt = new Date(NOW - 60_000)): ImportEntity {
    const entity = {
      id: randomUUID(),
      userId: 1,
      state,
      attempt: 1,
      skippedRows: [],
      errorCode: null,
      errorMessage: null,
      createdAt: updatedAt,
      updatedAt,
      completedAt: null,
    } as unknown as ImportEntity;
    this.rows.set(entity.id, entity);
    return entity;
  }

  async findUnfinished(): Promise<ImportEntity[]> {
    return [...this.rows.values()].filter((row) => !['completed', 'failed'].includes(row.state));
  }

  async update(id: string, attempt: number, patch: ImportPatch): Promise<ImportEntity | null> {
    const row = this.rows.get(id);
    if (!row || row.attempt !== attempt) return null;
    Object.assign(row, patch);
    return row;
  }
}

const bus = { publish: () => undefined } as unknown as BusClient;

describe('ImportReconciler with the real queue', () => {
  const table = new ImportsTable();
  const queue = new ImportQueue(config, logger);
  const reconciler = new ImportReconciler(table as unknown as ImportsRepository, queue, bus, config, logger);
  const connection = bullConnection(config);
  const workerConnection = bullConnection(config);
  const worker: { current: Worker<{ importId: string }, void> | null } = { current: null };

  afterAll(async () => {
    await worker.current?.close();
    await queue.onApplicationShutdown();
    const cleanup = new Queue(IMPORT_QUEUE, { connection, prefix: bullPrefix(config.REDIS_PREFIX) });
    await cleanup.obliterate({ force: true });
    await cleanup.close();
    connection.disconnect();
    workerConnection.disconnect();
  });

  it('queues again an unfinished import the queue has no job for (lost with Redis, or never added)', async () => {
    const lost = table.add('parsing');
    expect(await queue.jobOf(lost.id)).toBe('missing');
    expect(await reconciler.reconcile(NOW)).toEqual({ queued: 1, failed: 0 });
    expect(await queue.jobOf(lost.id)).toBe('live');
    // A second pass finds its job and leaves it alone.
    expect(await reconciler.reconcile(NOW)).toEqual({ queued: 0, failed: 0 });
  });

  it('leaves alone an import changed within the grace period (its job may be on its way)', async () => {
    const fresh = table.add('queued', new Date(NOW - 1000));
    await reconciler.reconcile(NOW);
    expect(await queue.jobOf(fresh.id)).toBe('missing');
    table.rows.delete(fresh.id);
  });

  it('records as failed an import whose job BullMQ failed, and lets the file be imported anew', async () => {
    table.rows.clear();
    const doomed = table.add('parsing');
    const failing = new Worker<{ importId: string }, void>(
      IMPORT_QUEUE,
      async () => {
        throw new Error('database unreachable');
      },
      { connection: workerConnection, prefix: bullPrefix(config.REDIS_PREFIX) },
    );
    worker.current = failing;
    const failed = new Promise((resolve) => failing.once('failed', resolve));
    await queue.enqueue(doomed.id);
    await failed;
    await failing.close();

    expect(await reconciler.ensureLive(doomed)).toBe(false);
    expect(table.rows.get(doomed.id)).toMatchObject({ state: 'failed', errorCode: 'RETRIES_EXHAUSTED' });
    expect(await queue.jobOf(doomed.id)).toBe('missing');
  });
});
