import { afterAll, describe, expect, it } from '@jest/globals';
import {
  isPointerCurrent,
  networkSnapshotPointerKey,
  networkSnapshotPointerSchema,
  type NetworkSnapshotRef,
} from '@warmpath/contracts';
import type { BusClient } from '@warmpath/server-kit';
import { unreachableRedis } from '@warmpath/testing';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { GraphHandler } from './graph.handler.js';
import { ImportListeners } from './import-listeners.js';
import { NetworkReader } from './network-reader.service.js';
import type { NetworkRepository } from './network.repository.js';
import { buildConnectionRow, FakeNetworkRepository } from './network-rows.testing.js';
import { OwnProfileClient, PROFILE_TTL_MS } from './own-profile.client.js';
import { SnapshotPointerStore } from './snapshot-pointer.store.js';
import { SnapshotService } from './snapshot.service.js';
import { SNAPSHOTS_UNAVAILABLE, SnapshotStore } from './snapshot.store.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `warmpath-test-pointer-${randomBytes(4).toString('hex')}:`;
const redis = new Redis(REDIS_URL, { keyPrefix: prefix });

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
  redis.disconnect();
});

let nextUser = 1;
const PROFILE = {
  id: 0,
  firstName: 'Maya',
  lastName: 'Chen',
  email: 'm@x.org',
  avatarUrl: null,
  linkedinId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  username: 'maya',
  isAdmin: false,
  providers: [],
};

/** A repository whose network loads wait for `release()`: a slow snapshot build. */
class SlowRepository extends FakeNetworkRepository {
  private gate: Promise<void> = Promise.resolve();
  release: () => void = () => undefined;
  hold(): void {
    this.gate = new Promise((resolve) => (this.release = resolve));
  }
  override async findNetwork(userId: number) {
    const rows = structuredClone(this.networks.get(userId));
    await this.gate;
    this.loads += 1;
    return rows ?? { version: '0', connections: [] };
  }
}

function setup() {
  const userId = nextUser++;
  const repository = new SlowRepository();
  repository.networks.set(userId, {
    version: '1',
    connections: [buildConnectionRow({ id: '1', owner_user_id: userId })],
  });
  const repo = repository as unknown as NetworkRepository;
  const profiles = new OwnProfileClient({
    request: async () => ({ ...PROFILE, id: userId }),
  } as unknown as BusClient);
  const pointers = new SnapshotPointerStore(redis);
  const snapshots = new SnapshotService(repo, new NetworkReader(repo), profiles, new SnapshotStore(redis));
  const handler = new GraphHandler(snapshots, pointers, profiles, new ImportListeners());
  /** What a gateway reading Redis now would serve without asking the network service, if anything. */
  const served = async (now = new Date()): Promise<NetworkSnapshotRef | null> => {
    const [raw, generation = null] = await redis.mget(
      networkSnapshotPointerKey(userId),
      `network:snapshot-generation:${userId}`,
    );
    if (!raw) return null;
    const pointer = networkSnapshotPointerSchema.parse(JSON.parse(raw));
    return isPointerCurrent(pointer, generation, now) ? pointer.ref : null;
  };
  /** A writer: commits a new version, then bumps the generation (notes, import merge, relink). */
  const write = async (version: string) => {
    (repository.networks.get(userId) as { version: string }).version = version;
    await pointers.bump(userId);
  };
  return { userId, repository, pointers, handler, served, write };
}

describe('SnapshotPointerStore and the published pointer', () => {
  it('counts generations from "0" and publishes a pointer the gateway serves until the next write', async () => {
    const { userId, pointers, handler, served, write } = setup();
    expect(await pointers.generation(userId)).toBe('0');
    const ref = await handler.get({ userId });
    expect(await served()).toEqual(ref);
    await write('2');
    expect(await pointers.generation(userId)).toBe('1');
    expect(await served()).toBeNull();
    const next = await handler.get({ userId });
    expect(next.version).toBe('2');
    expect(await served()).toEqual(next);
  });

  it('never lets a slow build publish a pointer to the network as it was before a write', async () => {
    const { userId, repository, handler, served, write } = setup();
    repository.hold();
    const slow = handler.get({ userId }); // reads the generation and version 1, then waits in the load
    await new Promise((resolve) => setTimeout(resolve, 20));
    await write('2'); // the writer answers: from now on nobody may see version 1
    repository.release();
    const built = await slow;
    expect(built.version).toBe('1'); // the slow build itself answered what it loaded...
    expect(await served()).toBeNull(); // ...but its pointer is not served
    expect(await redis.get(networkSnapshotPointerKey(userId))).toBeNull(); // nor even published
    const fresh = await handler.get({ userId });
    expect(fresh.version).toBe('2');
    expect(await served()).toEqual(fresh);
  });

  it('does not let an older generation replace a newer pointer', async () => {
    const { userId, pointers, handler, served, write } = setup();
    const stale = await pointers.generation(userId);
    await write('2');
    const current = await handler.get({ userId });
    const old = {
      ref: { ...current, key: 'network:snapshot:old' },
      generation: stale,
      day: new Date().toISOString().slice(0, 10),
      validUntil: Date.now() + 5000,
    };
    expect(await pointers.publish(userId, old)).toBe(false);
    expect(await served()).toEqual(current);
  });

  it('stops serving a pointer on a new UTC day and once the own profile it carries may be stale', async () => {
    const { handler, served } = setup();
    const ref = await handler.get({ userId: nextUser - 1 });
    const now = Date.now();
    expect(await served(new Date(now))).toEqual(ref);
    expect(await served(new Date(now + PROFILE_TTL_MS + 1))).toBeNull();
    const tomorrow = new Date(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    expect(await served(tomorrow)).toBeNull();
  });
});

describe('Redis down', () => {
  const down = unreachableRedis();
  afterAll(() => down.disconnect());

  it('answers 503 SERVICE_UNAVAILABLE with a clear message, not an internal error', async () => {
    const unavailable = { code: 'SERVICE_UNAVAILABLE', message: SNAPSHOTS_UNAVAILABLE };
    const pointers = new SnapshotPointerStore(down);
    await expect(pointers.generation(7)).rejects.toMatchObject(unavailable);
    await expect(pointers.bump(7)).rejects.toMatchObject(unavailable);
    const store = new SnapshotStore(down);
    await expect(store.readRef('network:snapshot:7:1-x')).rejects.toMatchObject(unavailable);
  });

  it("makes GET /api/network's NATS request fail with 503 too", async () => {
    const repository = new FakeNetworkRepository();
    const repo = repository as unknown as NetworkRepository;
    const profiles = new OwnProfileClient({
      request: async () => ({ ...PROFILE, id: 7 }),
    } as unknown as BusClient);
    const handler = new GraphHandler(
      new SnapshotService(repo, new NetworkReader(repo), profiles, new SnapshotStore(down)),
      new SnapshotPointerStore(down),
      profiles,
      new ImportListeners(),
    );
    await expect(handler.get({ userId: 7 })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: SNAPSHOTS_UNAVAILABLE,
    });
  });
});
