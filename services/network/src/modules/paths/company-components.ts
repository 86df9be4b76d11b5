import type { Connection, Relationship } from '@warmpath/contracts';

/**
 * The people of a personal network split into the connected components of its company links.
 *
 * Why: in your own network the only edges are you–person ("knows") and person–person (company
 * links). A warmest path never comes back through you, so after its first hop it stays on company
 * links: it lies inside you + the target's component. Searching that instead of the whole network
 * gives the same path; on 30,000 people the largest component is a few hundred to a few thousand,
 * and a query costs a fraction of a millisecond instead of tens (bench/src/api.bench.mjs).
 */
export interface CompanyComponents {
  /** Component index of each person id. */
  readonly componentOf: ReadonlyMap<string, number>;
  /** Members of each component, in network order. */
  readonly members: readonly (readonly Connection[])[];
  /** Company links inside each component. */
  readonly links: readonly (readonly Relationship[])[];
}

export function splitByCompanyLinks(
  people: readonly Connection[],
  companyLinks: readonly Relationship[],
): CompanyComponents {
  const indexOf = new Map(people.map((person, index) => [person.id, index] as const));
  const parent = Int32Array.from(people, (_, index) => index);
  const root = (node: number): number => {
    let top = node;
    while (parent[top] !== top) top = parent[top] as number;
    // Path compression: later finds are near O(1).
    for (let step = node; parent[step] !== top;) {
      const next = parent[step] as number;
      parent[step] = top;
      step = next;
    }
    return top;
  };
  for (const link of companyLinks) {
    const [a, b] = [indexOf.get(link.sourceId), indexOf.get(link.targetId)];
    if (a !== undefined && b !== undefined) parent[root(a)] = root(b);
  }
  const componentOfRoot = new Map<number, number>();
  const componentOf = new Map<string, number>();
  const members: Connection[][] = [];
  people.forEach((person, index) => {
    const top = root(index);
    let component = componentOfRoot.get(top);
    if (component === undefined) {
      component = members.length;
      componentOfRoot.set(top, component);
      members.push([]);
    }
    componentOf.set(person.id, component);
    (members[component] as Connection[]).push(person);
  });
  const links: Relationship[][] = members.map(() => []);
  for (const link of companyLinks) {
    const component = componentOf.get(link.sourceId);
    if (component !== undefined && componentOf.has(link.targetId))
      (links[component] as Relationship[]).push(link);
  }
  return { componentOf, members, links };
}
