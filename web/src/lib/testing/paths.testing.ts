import type { Connection, WarmPathHopView, WarmPathView } from '@warmpath/contracts';

/** Test builder: a "knows" hop from one node to the next; every field can be overridden. */
export function buildTestHop(
  from: Pick<Connection, 'id'>,
  to: Pick<Connection, 'id'>,
  overrides: Partial<WarmPathHopView> = {},
): WarmPathHopView {
  return {
    fromId: from.id,
    toId: to.id,
    warmth: 0.8,
    explanation: '',
    kind: 'knows',
    linkId: `${from.id}-${to.id}`,
    yearsConnected: null,
    workedTogether: false,
    sharedCompany: null,
    sameFunction: false,
    ...overrides,
  };
}

/** Test builder: the found path through `nodes`, hop i from node i to node i + 1 with `hops[i]`. */
export function buildTestPath(
  nodes: readonly Connection[],
  hops: readonly Partial<WarmPathHopView>[],
  warmth = 0.6,
): WarmPathView {
  const first = nodes[0] as Connection;
  const last = nodes[nodes.length - 1] as Connection;
  return {
    found: true,
    fromId: first.id,
    toId: last.id,
    warmth,
    nodes: [...nodes],
    links: [],
    hops: hops.map((hop, i) => buildTestHop(nodes[i] as Connection, nodes[i + 1] as Connection, hop)),
    version: '1',
  };
}
