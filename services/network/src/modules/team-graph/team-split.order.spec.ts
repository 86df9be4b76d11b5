import { describe, expect, it } from '@jest/globals';
import {
  snapshotField,
  teamBaseEtag,
  teamNetworkPatchesKey,
  teamPatchField,
  type ViewerPatchBody,
} from '@warmpath/contracts';
import {
  baseNetworkInSlices,
  compactJsonInSlices,
  encodeNetworkInSlices,
  viewerPatchInSlices,
} from '@warmpath/domain';
import { NetworkReader } from '../graph/network-reader.service.js';
import type { NetworkRepository } from '../graph/network.repository.js';
import { buildConnectionRow, FakeNetworkRepository } from '../graph/network-rows.testing.js';
import { compressSnapshot, gzipFromBrotli } from '../graph/snapshot-representations.js';
import { BuildLocks } from './build-lock.js';
import { runSliced } from './sliced-run.js';
import { teamNetworksOver } from './team-networks.testing.js';
import { TeamNetworks, workspaceFingerprint } from './team-networks.service.js';
import { TeamSplitService } from './team-split.service.js';
import { SplitStoreInMemory } from './team-split.testing.js';

// The asker's patch first (docs/workspace-network.md "Wiring: one build across replicas"): the
// base and the asking reader's patch are stored together and answered; the other members' patches
// follow, those asked for first; a failed build leaves the next reader a correct answer; gzip is
// made only on a client's ask. Every byte is what the build made before, when it stored everything
// at once (`reference` below is that build).

const TEAM = 9;
const MEMBERS = [1, 2, 3, 4, 5, 6];

class Repository extends FakeNetworkRepository {
  async findVersions(ids: readonly number[]): Promise<Map<number, string>> {
    return new Map(ids.map((id) => [id, this.networks.get(id)?.version ?? '0'] as const));
  }
}

function workspace(): Repository {
  const repository = new Repository();
  for (const userId of MEMBERS) {
    const connections = Array.from({ length: 300 }, (_, index) => {
      const person = (index * 7 + userId * 53) % 900;
      return buildConnectionRow({
        id: String(userId * 10_000 + index),
        owner_user_id: userId,
        first_name: `First${person}`,
        last_name: `Last${person % 13}`,
        company: `Company ${person % 40}`,
        linkedin_url: person % 10 === 0 ? null : `https://www.linkedin.com/in/person-${person}`,
      });
    });
    repository.networks.set(userId, { version: String(userId + 10), connections });
  }
  return repository;
}

function setUp() {
  const repository = workspace();
  const reader = new NetworkReader(repository as unknown as NetworkRepository);
  const locks = new BuildLocks(undefined as never, { TEAM_POOL_LOCK_MS: 0 });
  const teams = teamNetworksOver(repository, TEAM, MEMBERS, locks, reader);
  const store = new SplitStoreInMemory();
  const split = new TeamSplitService(teams, store.asStore(), locks);
  return { teams, store, split };
}

/** The base and every patch as the build made them when it stored the whole version at once. */
async function reference(teams: TeamNetworks) {
  const state = await teams.state(MEMBERS[0] as number, TEAM);
  const fingerprint = workspaceFingerprint(state);
  const { pool, versions } = await teams.sharedPool(state);
  const network = await runSliced(baseNetworkInSlices(pool, TEAM));
  const compact = await runSliced(encodeNetworkInSlices(network));
  const base = await compressSnapshot(Buffer.from(await runSliced(compactJsonInSlices(compact))));
  const patches = new Map<number, { br: Buffer; gzip: Buffer }>();
  for (const userId of MEMBERS) {
    const patch = await runSliced(viewerPatchInSlices(pool, userId));
    const body: ViewerPatchBody = {
      base: teamBaseEtag(fingerprint),
      own: versions.get(userId) ?? '0',
      patch: { ...patch },
    };
    patches.set(userId, await compressSnapshot(Buffer.from(JSON.stringify(body))));
  }
  return { version: { teamId: TEAM, fingerprint }, base, patches };
}

describe('the asker’s patch first', () => {
  it('stores the base with the asker’s patch and answers them before any other patch is built', async () => {
    const { store, split, teams } = setUp();
    let othersAtAnswer = -1;
    const ref = await split.patch(3, TEAM, { encoding: 'br' }).then((answer) => {
      othersAtAnswer = store.log.length;
      return answer;
    });
    // Answered when the base and member 3's patch were stored, in one write, and nothing else yet.
    expect(othersAtAnswer).toBe(1);
    expect(store.log[0]).toEqual({ kind: 'base', members: [3] });
    expect(ref.key).toBe(teamNetworkPatchesKey(TEAM, ref.version));
    // The others follow in the background, in the members' order, and the version is marked whole.
    const version = await split.ensure(3, TEAM);
    expect(store.log).toEqual([
      { kind: 'base', members: [3] },
      { kind: 'patches', members: [1, 2, 4, 5] },
      { kind: 'patches', members: [6] },
      { kind: 'whole', members: MEMBERS },
    ]);
    // The very bytes of the build that stored everything at once; no gzip made.
    const expected = await reference(teams);
    expect(version).toEqual(expected.version);
    expect(store.base(version)?.get(snapshotField('compact', 'br'))).toEqual(expected.base.br);
    for (const userId of MEMBERS)
      expect(store.patches(version)?.get(teamPatchField(userId, 'br'))).toEqual(
        expected.patches.get(userId)?.br,
      );
    expect(store.base(version)?.has(snapshotField('compact', 'gzip'))).toBe(false);
    expect([...(store.patches(version)?.keys() ?? [])].some((field) => field.endsWith('gzip'))).toBe(false);
  });

  it('builds the patch of a member who asks meanwhile before the members ahead of them, once', async () => {
    const { store, split } = setUp();
    // Member 1 starts the build; members 6 then 5 ask while it runs.
    const first = split.patch(1, TEAM, { encoding: 'br' });
    const six = split.patch(6, TEAM, { encoding: 'br' }).then((ref) => ({ ref, log: store.log.length }));
    const five = split.patch(5, TEAM, { encoding: 'br' });
    await Promise.all([first, six, five]);
    // 6 and 5 answered before the version was whole, in the first batch after the base.
    expect((await six).log).toBe(2);
    await split.ensure(1, TEAM);
    expect(store.log).toEqual([
      { kind: 'base', members: [1] },
      { kind: 'patches', members: [6, 5, 2, 3] },
      { kind: 'patches', members: [4] },
      { kind: 'whole', members: MEMBERS },
    ]);
    // Asked again once whole: nothing more is built.
    await split.patch(6, TEAM, { encoding: 'br' });
    expect(store.log).toHaveLength(4);
  });

  it('builds first the patches readers on other replicas wait for (the store’s wanted list)', async () => {
    const { store, split, teams } = setUp();
    const state = await teams.state(1, TEAM);
    const version = { teamId: TEAM, fingerprint: workspaceFingerprint(state) };
    // Another replica's reader of member 4 asked while this one builds.
    await store.want(version, 4);
    await split.ensure(1, TEAM);
    expect(store.log.slice(0, 2)).toEqual([
      { kind: 'base', members: [1] },
      { kind: 'patches', members: [4, 2, 3, 5] },
    ]);
  });

  it('leaves the next reader a correct answer when the build fails mid-way, building only what is missing', async () => {
    const { store, split, teams } = setUp();
    await split.patch(2, TEAM, { encoding: 'br' });
    // Storing the next patches fails (Redis gone for a moment): the background build stops.
    store.failNextPatches = true;
    const waiting = split.patch(4, TEAM, { encoding: 'br' });
    await expect(waiting).rejects.toThrow('Redis went away');
    await expect(split.ensure(2, TEAM)).resolves.toBeDefined();
    // The next reader's build resumed: the base was not stored again, the missing patches were.
    expect(store.log.map((entry) => entry.kind)).toEqual(['base', 'patches', 'patches', 'whole']);
    const expected = await reference(teams);
    const version = expected.version;
    expect(store.base(version)?.get(snapshotField('compact', 'br'))).toEqual(expected.base.br);
    for (const userId of MEMBERS)
      expect(store.patches(version)?.get(teamPatchField(userId, 'br'))).toEqual(
        expected.patches.get(userId)?.br,
      );
  });

  it('does not add patches to a base another build pooled from other records', async () => {
    const { store, split, teams } = setUp();
    await split.patch(2, TEAM, { encoding: 'br' });
    store.failNextPatches = true;
    await expect(split.patch(4, TEAM, { encoding: 'br' })).rejects.toThrow();
    // The stored base says member 5's records were of another version than this replica pools.
    const base = store.base({ teamId: TEAM, fingerprint: workspaceFingerprint(await teams.state(2, TEAM)) });
    base?.set('pooled', JSON.stringify({ ...JSON.parse(String(base.get('pooled'))), 5: '99' }));
    await expect(split.patch(4, TEAM, { encoding: 'br' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(store.log.filter((entry) => entry.kind === 'patches')).toHaveLength(0);
  });

  it('makes gzip only for a client that asks for it, the bytes it made before, once', async () => {
    const { store, split, teams } = setUp();
    const base = await split.base(5, TEAM, { encoding: 'br' });
    expect(await store.hasField(base.key, base.fields.gzip)).toBe(false);
    const [baseRef, patchRef] = await Promise.all([
      split.base(5, TEAM, { encoding: 'gzip' }),
      split.patch(5, TEAM, { encoding: 'gzip' }),
      split.base(6, TEAM, { encoding: 'gzip' }),
    ]);
    const expected = await reference(teams);
    expect(await store.field(baseRef.key, baseRef.fields.gzip)).toEqual(expected.base.gzip);
    expect(await store.field(patchRef.key, patchRef.fields.gzip)).toEqual(expected.patches.get(5)?.gzip);
    // The base's gzip once, though two readers asked at once; the patch's once.
    expect(store.log.filter((entry) => entry.kind === 'gzip')).toHaveLength(2);
    // A request that names no encoding (an older gateway's) gets both.
    const six = await split.patch(6, TEAM);
    expect(await store.field(six.key, six.fields.gzip)).toEqual(expected.patches.get(6)?.gzip);
  });
});

describe('gzipFromBrotli', () => {
  it('gives the gzip bytes compressSnapshot makes, small and large texts alike', async () => {
    const words = Array.from({ length: 5_000 }, (_, i) => `word${(i * 7919) % 4999}`);
    for (const size of [50_000, 9 * 1024 * 1024]) {
      let text = '';
      for (let i = 0; text.length < size; i++) text += `${words[i % words.length]}${i % 97},`;
      const bytes = await compressSnapshot(Buffer.from(text));
      expect(await gzipFromBrotli(bytes.br)).toEqual(bytes.gzip);
    }
  }, 60_000);
});
