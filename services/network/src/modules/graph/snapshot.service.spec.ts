import { describe, expect, it } from '@jest/globals';
import { networkDataSchema, type NetworkSnapshotRef } from '@warmpath/contracts';
import { decodeNetwork } from '@warmpath/domain';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { NetworkReader } from './network-reader.service.js';
import type { NetworkRepository } from './network.repository.js';
import { buildConnectionRow, FakeNetworkRepository } from './network-rows.testing.js';
import type { OwnProfileClient } from './own-profile.client.js';
import { LARGE_SNAPSHOT_BYTES, type SnapshotBlobs } from './snapshot-representations.js';
import { SnapshotService } from './snapshot.service.js';
import type { SnapshotStore } from './snapshot.store.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const PROFILE = {
  id: 7,
  firstName: 'Maya',
  lastName: 'Chen',
  email: 'm@x.org',
  avatarUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

class MemoryStore {
  readonly saved = new Map<string, { ref: NetworkSnapshotRef; blobs: SnapshotBlobs }>();
  reads = 0;
  async readRef(key: string) {
    this.reads += 1;
    return this.saved.get(key)?.ref ?? null;
  }
  async save(_userId: number, ref: NetworkSnapshotRef, blobs: SnapshotBlobs) {
    this.saved.set(ref.key, { ref, blobs });
  }
}

function setup() {
  const repository = new FakeNetworkRepository();
  repository.networks.set(7, {
    version: '5',
    connections: [
      buildConnectionRow({ id: '1', company: 'Acme' }),
      buildConnectionRow({ id: '2', company: 'Acme' }),
    ],
  });
  const profile = { ...PROFILE };
  const profiles = { get: async () => ({ ...profile }) } as unknown as OwnProfileClient;
  const store = new MemoryStore();
  const repo = repository as unknown as NetworkRepository;
  const service = new SnapshotService(
    repo,
    new NetworkReader(repo),
    profiles,
    store as unknown as SnapshotStore,
  );
  return { repository, store, service, profile };
}

describe('SnapshotService', () => {
  it('stores brotli and gzip of the whole answer once, then answers the stored reference', async () => {
    const { repository, store, service } = setup();
    const ref = await service.ensure(7, { now: NOW });
    expect(ref).toMatchObject({ version: '5', connections: 3, relationships: 3 });
    expect(ref.key).toMatch(/^network:snapshot:7:5-/);
    expect(ref.etag).toMatch(/^W\/".{32}"$/);
    const { blobs } = store.saved.get(ref.key) as { blobs: SnapshotBlobs };
    const json = brotliDecompressSync(blobs.br).toString();
    expect(gunzipSync(blobs.gzip).toString()).toBe(json);
    expect(ref.bytes).toEqual({
      identity: Buffer.byteLength(json),
      br: blobs.br.length,
      gzip: blobs.gzip.length,
    });
    const data = networkDataSchema.parse(JSON.parse(json));
    expect(data.connections.map((c) => c.id)).toEqual(['u7', '1', '2']);
    expect(data.relationships.map((r) => r.id)).toEqual(['u7-1', 'u7-2', '1-2']);
    expect(data.companies).toEqual([{ name: 'Acme', key: 'acme', count: 2 }]);

    expect(await service.ensure(7, { now: NOW })).toEqual(ref);
    expect(repository.loads).toBe(1);
  });

  it('stores the compact representation of the same network beside it, under its own ETag', async () => {
    const { store, service } = setup();
    const ref = await service.ensure(7, { now: NOW });
    const { blobs } = store.saved.get(ref.key) as { blobs: SnapshotBlobs };
    const json = JSON.parse(brotliDecompressSync(blobs.br).toString());
    const compact = brotliDecompressSync(blobs['compact-br']).toString();
    expect(gunzipSync(blobs['compact-gzip']).toString()).toBe(compact);
    expect(decodeNetwork(JSON.parse(compact))).toStrictEqual(json);
    // The company link 1-2 is derived by the reader, not sent.
    expect(JSON.parse(compact).derivedCompanyLinks).toEqual({ owner: 7, count: 1 });
    expect(ref.compact).toEqual({
      etag: expect.stringMatching(/^W\/".{32}"$/),
      bytes: {
        identity: Buffer.byteLength(compact),
        br: blobs['compact-br'].length,
        gzip: blobs['compact-gzip'].length,
      },
    });
    expect(ref.compact.etag).not.toBe(ref.etag);
  });

  it('remembers snapshots it knows, and looks in Redis again (rebuilding a lost one) when asked to recheck', async () => {
    const { store, service } = setup();
    const ref = await service.ensure(7, { now: NOW });
    store.reads = 0;
    await service.ensure(7, { now: NOW });
    expect(store.reads).toBe(0);
    store.saved.clear();
    const again = await service.ensure(7, { now: NOW, recheck: true });
    expect(store.reads).toBe(1);
    expect(again).toEqual(ref);
    expect(store.saved.has(ref.key)).toBe(true);
  });

  it('builds once for concurrent first readers', async () => {
    const { repository, store, service } = setup();
    const [a, b] = await Promise.all([service.ensure(7, { now: NOW }), service.ensure(7, { now: NOW })]);
    expect(a).toEqual(b);
    expect(repository.loads).toBe(1);
    expect(store.saved.size).toBe(1);
  });

  it('moves to a new key and ETag when the version, the own profile or the day changes', async () => {
    const { repository, service, profile } = setup();
    const first = await service.ensure(7, { now: NOW });
    const nextDay = await service.ensure(7, { now: new Date('2026-06-16T08:00:00Z') });
    profile.firstName = 'May';
    const renamed = await service.ensure(7, { now: NOW });
    (repository.networks.get(7) as { version: string }).version = '6';
    const imported = await service.ensure(7, { now: NOW });
    const keys = [first, nextDay, renamed, imported].map((r) => r.key);
    expect(new Set(keys).size).toBe(4);
    expect(renamed.etag).not.toBe(first.etag);
    expect(imported.key).toMatch(/^network:snapshot:7:6-/);
  });

  it('compresses a network too big for the middle settings with the fast ones, to the same whole answer', async () => {
    const { repository, store, service } = setup();
    const people = 15_000;
    repository.networks.set(7, {
      version: '9',
      connections: Array.from({ length: people }, (_, i) =>
        buildConnectionRow({
          id: String(i + 1),
          company: `Company ${i % 40}`,
          position: 'Senior Software Engineer',
          linkedin_url: `https://www.linkedin.com/in/person-${i}`,
        }),
      ),
    });
    // 375 engineers per company, more than FULL_MESH_MAX_GROUP: each links to the top one and to
    // the next in seniority order, 374 + 373 links per company.
    const links = people + 40 * (374 + 373);
    const ref = await service.ensure(7, { now: NOW });
    const { blobs } = store.saved.get(ref.key) as { blobs: SnapshotBlobs };
    const json = brotliDecompressSync(blobs.br).toString();
    expect(Buffer.byteLength(json)).toBeGreaterThan(LARGE_SNAPSHOT_BYTES);
    expect(gunzipSync(blobs.gzip).toString()).toBe(json);
    const data = networkDataSchema.parse(JSON.parse(json));
    expect(data.connections).toHaveLength(people + 1);
    expect(data.relationships).toHaveLength(links);
    expect(ref).toMatchObject({
      connections: people + 1,
      relationships: links,
      bytes: { identity: Buffer.byteLength(json) },
    });
  });
});
