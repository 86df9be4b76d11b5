import { describe, expect, it } from '@jest/globals';
import type { SharingLevel } from '@warmpath/contracts';
import { matchTargetsWithIndex, poolWorkspace, targetCompanyKey } from '@warmpath/domain';
import { buildConnectionRow } from '../graph/network-rows.testing.js';
import { toConnection, toOwnNode } from '../graph/network-view.mapper.js';
import { LoadedNetwork } from '../graph/loaded-network.js';
import { keepRanked, ownTargetNetwork, RANKED_KEPT, workspaceTargetNetwork } from './target-networks.js';

// Viewer 1 and Ana (2, names) know Nia at Acme; Cora (3, counts) knows Nia and Vera at Acme.
const NOW = new Date('2026-06-01T00:00:00Z');
const profile = (id: number, firstName: string) => ({
  id,
  firstName,
  lastName: 'Test',
  email: `${firstName.toLowerCase()}@example.com`,
  avatarUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});
let nextId = 100;
const person = (owner: number, first: string, yearsConnected: number) => ({
  ...toConnection(
    buildConnectionRow({
      id: String(nextId++),
      owner_user_id: owner,
      first_name: first,
      last_name: 'Known',
      company: 'Acme',
      linkedin_url: `https://www.linkedin.com/in/${first.toLowerCase()}-known`,
    }),
    NOW,
  ),
  yearsConnected,
});
const member = (id: number, name: string, sharing: SharingLevel, people: ReturnType<typeof person>[]) => ({
  node: toOwnNode(profile(id, name)),
  sharing,
  people,
});

const sharedOf = () =>
  poolWorkspace([
    member(1, 'You', 'names', [person(1, 'Nia', 1)]),
    member(2, 'Ana', 'names', [person(2, 'Nia', 10)]),
    member(3, 'Cora', 'counts', [person(3, 'Nia', 12), person(3, 'Vera', 12)]),
  ]);

describe('workspaceTargetNetwork', () => {
  it("gives each person their named knowers' warmth, never a member on counts", () => {
    const network = workspaceTargetNetwork(sharedOf(), 1);
    const [nia] = network.index.peopleAt(targetCompanyKey('Acme') as string) ?? [];
    // Ana has known Nia ten years, you one: Ana first; Cora (counts) is no tie at all.
    expect(
      network.ties
        ?.get(nia?.id ?? '')
        ?.map((tie) => tie.userId)
        .sort(),
    ).toEqual([1, 2]);
    const [acme] = matchTargetsWithIndex(
      [{ kind: 'company', line: 1, name: 'ACME', domain: null, linkedinUrl: null }],
      network.index,
      {
        ...(network.ties ? { ties: network.ties } : {}),
      },
    );
    expect(acme?.covered).toBe(true);
    expect(acme?.bestConnector?.userId).toBe(2);
    expect(acme?.otherConnectors.map((c) => c.userId)).toEqual([1]);
    expect(acme?.people.map((p) => p.firstName)).toEqual(['Nia']);
    expect(JSON.stringify(acme)).not.toContain('Vera');
  });

  it('is built once per workspace build and reader, and reused', () => {
    const shared = sharedOf();
    const first = workspaceTargetNetwork(shared, 1);
    expect(workspaceTargetNetwork(shared, 1)).toBe(first);
    expect(workspaceTargetNetwork(sharedOf(), 1).index).not.toBe(first.index);
  });

  it('counts the people known only by a member on counts from groups of 3 only', () => {
    const network = workspaceTargetNetwork(sharedOf(), 1);
    // Nia is shown (you and Ana know her); Vera is Cora's alone: one person, counted nowhere.
    expect([...(network.hidden ?? [])]).toEqual([]);
    const [acme] = matchTargetsWithIndex(
      [{ kind: 'company', line: 1, name: 'Acme', domain: null, linkedinUrl: null }],
      network.index,
      {
        ...(network.ties ? { ties: network.ties } : {}),
        ...(network.hidden ? { hidden: network.hidden } : {}),
      },
    );
    // One hidden person is fewer than 3: counted nowhere.
    expect(acme?.hiddenPeopleCount).toBe(0);
  });
});

describe('the ranked lists a network version keeps', () => {
  it('keeps the most recently read lists, at most RANKED_KEPT, and forgets the oldest', () => {
    const network = ownTargetNetwork(
      new LoadedNetwork(
        1,
        'v1',
        '2026-06-01',
        [],
        () => [],
        () => [],
      ),
    );
    const ranked = () => ({ rows: [], contents: { skipped: [], corrections: [] } });
    for (let i = 0; i < RANKED_KEPT; i++) keepRanked(network, `list${i}:t`, ranked());
    // Reading list0 again makes it the most recent: list1 is the oldest when one more comes.
    keepRanked(network, 'list0:t', ranked());
    keepRanked(network, 'another:t', ranked());
    expect(network.ranked.size).toBe(RANKED_KEPT);
    expect(network.ranked.has('list0:t')).toBe(true);
    expect(network.ranked.has('list1:t')).toBe(false);
    expect([...network.ranked.keys()].at(-1)).toBe('another:t');
  });
});
