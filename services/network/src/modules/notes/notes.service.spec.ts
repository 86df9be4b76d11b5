import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { buildConnectionRow } from '../graph/network-rows.testing.js';
import { SnapshotPointerStore } from '../graph/snapshot-pointer.store.js';
import type { NotesRepository } from './notes.repository.js';
import { CONNECTION_NOT_FOUND, NotesService } from './notes.service.js';

const prefix = `warmpath-test-notes-${randomBytes(4).toString('hex')}:`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });
const pointers = new SnapshotPointerStore(redis);

afterAll(async () => {
  await redis.del('network:snapshot-generation:7');
  redis.disconnect();
});

const service = (row: ReturnType<typeof buildConnectionRow> | null) =>
  new NotesService({ updateNotes: async () => row } as unknown as NotesRepository, pointers);

describe('NotesService', () => {
  it('answers the updated connection as a graph node, after moving the snapshot generation on', async () => {
    const before = await pointers.generation(7);
    const node = await service(buildConnectionRow({ id: '4', notes: 'hello' })).update(7, '4', 'hello');
    expect(node).toMatchObject({ id: '4', notes: 'hello', connectionDegree: 1, knownBy: [7] });
    expect(await pointers.generation(7)).toBe(String(Number(before) + 1));
  });

  it("is NOT_FOUND when the user has no such connection (someone else's included), and changes nothing", async () => {
    const before = await pointers.generation(7);
    await expect(service(null).update(7, '4', 'x')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: CONNECTION_NOT_FOUND,
    });
    expect(await pointers.generation(7)).toBe(before);
  });
});
