import { describe, expect, it } from '@jest/globals';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { NetworkReader } from './network-reader.service.js';
import type { NetworkRepository } from './network.repository.js';
import { buildConnectionRow, FakeNetworkRepository } from './network-rows.testing.js';

const DAY_ONE = new Date('2026-06-15T12:00:00Z');
const DAY_TWO = new Date('2026-06-16T00:00:01Z');

function readerWith(people = 2) {
  const repository = new FakeNetworkRepository();
  repository.networks.set(7, {
    version: '3',
    connections: Array.from({ length: people }, (_, i) =>
      buildConnectionRow({ id: String(i + 1), company: 'Acme', position: 'Software Engineer' }),
    ),
  });
  return { repository, reader: new NetworkReader(repository as unknown as NetworkRepository) };
}

describe('NetworkReader', () => {
  it('maps people, knows-links and company links once, then serves the same version from memory', async () => {
    const { repository, reader } = readerWith();
    const first = await reader.current(7, undefined, DAY_ONE);
    const second = await reader.current(7, undefined, DAY_ONE);
    expect(second).toBe(first);
    expect(repository.loads).toBe(1);
    expect(first.version).toBe('3');
    expect(first.people.map((p) => p.id)).toEqual(['1', '2']);
    expect(first.knowsLinks.map((l) => l.id)).toEqual(['u7-1', 'u7-2']);
    expect(first.companyLinks.map((l) => l.id)).toEqual(['1-2']);
    expect(first.person('2')?.firstName).toBe('Ana');
    expect(first.person('nope')).toBeUndefined();
  });

  it('loads again when the version moves on, and when the day changes (yearsConnected)', async () => {
    const { repository, reader } = readerWith();
    await reader.current(7, undefined, DAY_ONE);
    (repository.networks.get(7) as { version: string }).version = '4';
    expect((await reader.current(7, undefined, DAY_ONE)).version).toBe('4');
    await reader.current(7, undefined, DAY_TWO);
    expect(repository.loads).toBe(3);
  });

  it('shares one load between concurrent readers of the same version', async () => {
    const { repository, reader } = readerWith();
    const [a, b] = await Promise.all([reader.current(7, '3', DAY_ONE), reader.current(7, '3', DAY_ONE)]);
    expect(a).toBe(b);
    expect(repository.loads).toBe(1);
  });

  it('trusts a version the caller has just read, without reading it again', async () => {
    const { repository, reader } = readerWith();
    await reader.current(7, '3', DAY_ONE);
    await reader.current(7, '3', DAY_ONE);
    expect(repository.versionReads).toBe(0);
  });

  it('derives the company links from the people, named after both ends (docs/product.md#company-links)', async () => {
    const repository = new FakeNetworkRepository();
    repository.networks.set(7, {
      version: '1',
      connections: [
        buildConnectionRow({
          id: '1',
          company: 'Acme',
          position: 'Software Engineer',
          created_at: '2026-01-01T00:00:00.000Z',
        }),
        buildConnectionRow({
          id: '2',
          company: 'ACME, Inc.',
          position: 'Chief Technology Officer',
          created_at: '2026-03-01T09:30:00.000Z',
        }),
        buildConnectionRow({
          id: '3',
          company: 'Acme',
          position: 'Account Executive',
          created_at: '2025-12-01T00:00:00.000Z',
        }),
        buildConnectionRow({ id: '4', company: 'Globex', position: 'Recruiter' }),
        buildConnectionRow({ id: '5', company: null, position: 'Founder' }),
      ],
    });
    const reader = new NetworkReader(repository as unknown as NetworkRepository);
    const network = await reader.current(7, undefined, DAY_ONE);
    const links = [...network.companyLinks].sort((a, b) => a.id.localeCompare(b.id));
    // The CTO (2) is the most senior, so the source of both of their links; the engineer and the
    // account executive share neither category nor a lead, so theirs is a general link.
    expect(links).toEqual([
      {
        id: '1-3',
        sourceId: '1',
        targetId: '3',
        strength: 50,
        type: 'company-general',
        company: 'Acme',
        createdAt: '2026-01-01T00:00:00.000Z',
        userId: 7,
      },
      expect.objectContaining({
        id: '2-1',
        sourceId: '2',
        targetId: '1',
        strength: 150,
        type: 'company-role',
      }),
      expect.objectContaining({
        id: '2-3',
        sourceId: '2',
        targetId: '3',
        strength: 150,
        type: 'company-role',
      }),
    ]);
    // A link exists since its later person was stored.
    expect(links.map((l) => l.createdAt)).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-03-01T09:30:00.000Z',
      '2026-03-01T09:30:00.000Z',
    ]);
    // Read again from scratch (another version), the links keep their ids and order.
    (repository.networks.get(7) as { version: string }).version = '2';
    const again = await reader.current(7, undefined, DAY_ONE);
    expect(again).not.toBe(network);
    expect(again.companyLinks).toEqual(network.companyLinks);
  });

  it('an empty network (never imported) is version 0 with nobody in it', async () => {
    const { reader } = readerWith();
    const network = await reader.current(8, undefined, DAY_ONE);
    expect(network.version).toBe('0');
    expect(network.people).toEqual([]);
  });

  it('drops the least recently used networks beyond its budget of people', async () => {
    const { repository, reader } = readerWith(3);
    repository.networks.set(8, {
      version: '1',
      connections: [buildConnectionRow({ id: '9', owner_user_id: 8 })],
    });
    repository.networks.set(9, {
      version: '1',
      connections: [buildConnectionRow({ id: '10', owner_user_id: 9 })],
    });
    reader.maxCachedPeople = 4;
    await reader.current(7, undefined, DAY_ONE); // 3 people
    await reader.current(8, undefined, DAY_ONE); // 4
    await reader.current(9, undefined, DAY_ONE); // 5 > 4: user 7 goes
    expect(repository.loads).toBe(3);
    await reader.current(8, undefined, DAY_ONE);
    expect(repository.loads).toBe(3);
    await reader.current(7, undefined, DAY_ONE);
    expect(repository.loads).toBe(4);
  });

  it('memoises derived values per loaded version', async () => {
    const { reader } = readerWith();
    const network = await reader.current(7, undefined, DAY_ONE);
    const { MemoKey } = await import('./loaded-network.js');
    const key = new MemoKey<number>('answer');
    let builds = 0;
    expect(network.memo(key, () => ++builds)).toBe(1);
    expect(network.memo(key, () => ++builds)).toBe(1);
  });

  it('keeps none of the stored rows once their people are made', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    // A repository that hands out rows it does not keep itself, as pg does.
    let handedOut: WeakRef<object>[] = [];
    const repository = {
      findVersion: async () => '3',
      findNetwork: async () => {
        const connections = Array.from({ length: 50 }, (_, i) =>
          buildConnectionRow({ id: String(i + 1), company: 'Acme', position: 'Software Engineer' }),
        );
        handedOut = connections.map((row) => new WeakRef(row));
        return { version: '3', connections };
      },
    };
    const reader = new NetworkReader(repository as unknown as NetworkRepository);
    const network = await reader.current(7, undefined, DAY_ONE);
    // A WeakRef's target lives to the end of the job that made it.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(network.people).toHaveLength(50);
    expect(handedOut.filter((row) => row.deref() !== undefined)).toHaveLength(0);
    expect(network.person('7')?.company).toBe('Acme');
  });
});
