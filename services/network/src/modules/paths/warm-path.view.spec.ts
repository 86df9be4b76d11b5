import { describe, expect, it } from '@jest/globals';
import type { Connection, Relationship } from '@warmpath/contracts';
import { buildWarmthGraph, findWarmestPath } from '@warmpath/domain';
import { toConnection, toOwnNode } from '../graph/network-view.mapper.js';
import { buildConnectionRow } from '../graph/network-rows.testing.js';
import { toWarmPathView, type PathGraph } from './warm-path.view.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const own = (id: number, name: string): Connection =>
  toOwnNode({
    id,
    firstName: name,
    lastName: 'X',
    email: `${name}@x.org`,
    avatarUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  });

function pathGraph(nodes: Connection[], links: Relationship[] = []): PathGraph {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return {
    version: '9',
    warmth: buildWarmthGraph(nodes, links, nodes[0]?.id ?? ''),
    node: (id) => byId.get(id),
    companyLink: (id) => links.find((l) => l.id === id),
  };
}

describe('toWarmPathView', () => {
  it('answers found: false with nothing in it when the target cannot be reached', () => {
    const graph = pathGraph([
      own(7, 'Maya'),
      { ...toConnection(buildConnectionRow({ id: '5' }), NOW), knownBy: [] },
    ]);
    expect(toWarmPathView(graph, 'u7', '5', findWarmestPath(graph.warmth, 'u7', '5'))).toEqual({
      found: false,
      fromId: 'u7',
      toId: '5',
      warmth: 0,
      nodes: [],
      links: [],
      hops: [],
      version: '9',
    });
  });

  it('names the implied links of a pooled graph: you to a teammate, the teammate to whom they know', () => {
    const you = own(7, 'Maya');
    const mate = { ...own(8, 'Ben'), isUser: false, isTeammate: true, connectionDegree: 2 };
    const carla = {
      ...toConnection(buildConnectionRow({ id: '5', owner_user_id: 8 }), NOW),
      connectionDegree: 2,
    };
    const graph = pathGraph([you, mate, carla]);
    const view = toWarmPathView(graph, 'u7', '5', findWarmestPath(graph.warmth, 'u7', '5'));
    expect(view.links.map((l) => [l.id, l.type, l.sourceId, l.targetId])).toEqual([
      ['u7-u8', 'teammate', 'u7', 'u8'],
      ['u8-5', 'connection', 'u8', '5'],
    ]);
    expect(view.hops.map((h) => h.linkId)).toEqual(['u7-u8', 'u8-5']);
  });

  it('finds the knower of a "knows" link travelled backwards', () => {
    // You reach teammate Ben through Ana, whom you both know: Ana -> Ben travels Ben's link to Ana.
    const you = own(7, 'Maya');
    const ben = { ...own(8, 'Ben'), isUser: false, isTeammate: true };
    const ana = {
      ...toConnection(
        buildConnectionRow({ id: '5', has_worked_with: true, connected_on: '2010-01-01' }),
        NOW,
      ),
      knownBy: [7, 8],
    };
    const graph = pathGraph([you, ben, ana]);
    const path = findWarmestPath(graph.warmth, '5', 'u8');
    const view = toWarmPathView(graph, '5', 'u8', path);
    expect(view.links.map((l) => l.id)).toEqual(['u8-5']);
  });
});
