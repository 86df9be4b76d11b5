import {
  CompanySuggester,
  edgeWarmth,
  HIDDEN_KNOWER,
  type KnowerTie,
  TargetPeopleIndex,
  userNodeId,
} from '@warmpath/domain';
import type { PooledTeamNetwork } from '../team-graph/team-networks.service.js';

/**
 * The reference a workspace list was matched against before the shared index (docs/targets.md
 * "Workspace lists: one index per workspace version"): the reader's whole pooled network, indexed
 * on its own, each person's named knowers' tie warmth and the people counted only. Kept for the
 * specs, which pin the shared index to exactly what this gives.
 */
export function pooledTargetNetwork(network: PooledTeamNetwork): {
  index: TargetPeopleIndex;
  suggester: CompanySuggester;
  ties: ReadonlyMap<string, readonly KnowerTie[]>;
  countedOnly: readonly { company: string | null }[];
} {
  const { people, knowsLinks, knowsTies } = network.pooled;
  const named = new Map<string, Set<string>>();
  for (const person of people)
    named.set(
      person.id,
      new Set(person.knownBy.filter((id) => id !== HIDDEN_KNOWER).map((id) => userNodeId(id))),
    );
  const ties = new Map<string, KnowerTie[]>();
  knowsLinks.forEach((link, i) => {
    const tie = knowsTies[i];
    if (!tie || !named.get(link.targetId)?.has(link.sourceId)) return;
    const warmth = edgeWarmth({
      type: 'connection',
      yearsConnected: tie.yearsConnected,
      hasWorkedWith: tie.hasWorkedWith,
      strength: tie.strength?.score ?? null,
    });
    const list = ties.get(link.targetId) ?? [];
    list.push({ userId: Number(link.sourceId.slice(1)), warmth });
    ties.set(link.targetId, list);
  });
  for (const person of people) if (!ties.has(person.id)) ties.set(person.id, []);
  const countedOnly: { company: string | null }[] = [];
  for (const person of network.persons())
    if (person.node === null) countedOnly.push({ company: person.records[0]?.company ?? null });
  const index = new TargetPeopleIndex(people);
  const suggester = new CompanySuggester([...index.companyNames.values()].map((name) => ({ name })));
  return { index, suggester, ties, countedOnly };
}
