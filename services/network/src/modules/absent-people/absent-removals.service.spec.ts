import { afterAll, describe, expect, it } from '@jest/globals';
import { notFound } from '@warmpath/server-kit';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { ImportListeners } from '../graph/import-listeners.js';
import { SnapshotPointerStore } from '../graph/snapshot-pointer.store.js';
import type { AbsentRemovalsRepository } from './absent-removals.repository.js';
import { AbsentRemovalsService } from './absent-removals.service.js';

const prefix = `warmpath-test-absent-${randomBytes(4).toString('hex')}:`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });
const pointers = new SnapshotPointerStore(redis);
const IMPORT = '7b0a5f8e-3c1d-4e2f-9a6b-0c1d2e3f4a5b';

afterAll(async () => {
  await redis.del('network:snapshot-generation:9');
  redis.disconnect();
});

function service(repository: Partial<AbsentRemovalsRepository>) {
  const listeners = new ImportListeners();
  const notified: number[] = [];
  listeners.add(async (userId) => void notified.push(userId));
  const removals = new AbsentRemovalsService(
    repository as AbsentRemovalsRepository,
    pointers,
    listeners,
    pino({ level: 'silent' }),
  );
  return { removals, notified };
}

describe('AbsentRemovalsService', () => {
  it('moves the snapshot generation on and tells the pooled graphs after a removal and after an undo', async () => {
    const { removals, notified } = service({
      remove: async () => ({ importId: IMPORT, removed: 3, undoUntil: '2026-12-02T10:00:00.000Z' }),
      restore: async () => ({ importId: IMPORT, restored: 3 }),
    });
    const before = Number(await pointers.generation(9));
    expect(await removals.remove(IMPORT, 9)).toEqual({
      importId: IMPORT,
      removed: 3,
      undoUntil: '2026-12-02T10:00:00.000Z',
    });
    expect(await pointers.generation(9)).toBe(String(before + 1));
    expect(await removals.restore(IMPORT, 9)).toEqual({ importId: IMPORT, restored: 3 });
    expect(await pointers.generation(9)).toBe(String(before + 2));
    expect(notified).toEqual([9, 9]);
  });

  it('changes nothing when the repository refuses', async () => {
    const { removals, notified } = service({
      remove: async () => {
        throw notFound('Import not found');
      },
    });
    const before = await pointers.generation(9);
    await expect(removals.remove(IMPORT, 9)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await pointers.generation(9)).toBe(before);
    expect(notified).toEqual([]);
  });
});
