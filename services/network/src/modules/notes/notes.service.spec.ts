import { afterAll, describe, expect, it } from '@jest/globals';
import { ServiceError } from '@warmpath/server-kit';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { randomBytes } from 'node:crypto';
import type { Connection } from '@warmpath/contracts';
import { buildConnectionRow } from '../graph/network-rows.testing.js';
import { toConnection } from '../graph/network-view.mapper.js';
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

const logger = { warn: () => undefined } as unknown as Logger;

/** The connection the repository answers: a stored row as its owner's graph node. */
const stored = (overrides: Parameters<typeof buildConnectionRow>[0] = {}): Connection =>
  toConnection(buildConnectionRow(overrides), new Date());

const service = (connection: Connection | null, store = pointers) =>
  new NotesService({ updateNotes: async () => connection } as unknown as NotesRepository, store, logger);

/** A generation store whose Redis accepts or refuses each bump in turn; `calls` counts them. */
function storeAnswering(outcomes: ('ok' | 'refused')[]): SnapshotPointerStore & { calls: number } {
  const store = {
    calls: 0,
    bump: async () => {
      const outcome = outcomes[store.calls];
      store.calls += 1;
      if (outcome === 'refused') throw new ServiceError('SERVICE_UNAVAILABLE', 'Redis refused');
    },
  };
  return store as unknown as SnapshotPointerStore & { calls: number };
}

describe('NotesService', () => {
  it('answers the updated connection as a graph node, after moving the snapshot generation on before and after the write', async () => {
    const before = await pointers.generation(7);
    const node = await service(stored({ id: '4', notes: 'hello' })).update(7, '4', 'hello');
    expect(node).toMatchObject({ id: '4', notes: 'hello', connectionDegree: 1, knownBy: [7] });
    expect(await pointers.generation(7)).toBe(String(Number(before) + 2));
  });

  it("is NOT_FOUND when the user has no such connection (someone else's included)", async () => {
    await expect(service(null).update(7, '4', 'x')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: CONNECTION_NOT_FOUND,
    });
  });

  it('refuses with 503 and writes nothing while Redis refuses the generation (down or full)', async () => {
    const writes: string[] = [];
    const repository = {
      updateNotes: async () => {
        writes.push('note');
        return stored({ id: '4' });
      },
    } as unknown as NotesRepository;
    const notes = new NotesService(repository, storeAnswering(['refused']), logger);
    await expect(notes.update(7, '4', 'x')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(writes).toEqual([]);
  });

  it('answers the saved note when only the bump after the write is refused', async () => {
    const store = storeAnswering(['ok', 'refused']);
    const node = await service(stored({ id: '4', notes: 'saved' }), store).update(7, '4', 'saved');
    expect(node).toMatchObject({ id: '4', notes: 'saved' });
    expect(store.calls).toBe(2);
  });
});
