import type { Connection, Relationship } from '@warmpath/contracts';
import type { GraphData, GraphEngineOptions, GraphLink, GraphNode } from '../../../graph';
import { recordedLinkEnds } from '../data/link-ends';
import { NODE_COLORS, nodeCategory, nodeSize } from './person-style';

/**
 * The one place the product meets the graph engine (docs/architecture.md#the-graph-engine):
 * people become nodes (size by seniority, colour by category, company as the group, YOU the
 * anchor, teammates hubs, past colleagues featured), relationships become links (company links
 * are the group links), and the tours speak of people and connections.
 */

/** A node that remembers its person: the engine hands the same object back on hover and click. */
interface PersonNode extends GraphNode {
  person: Connection;
}

/** The person behind a node of a graph made by toGraphData. */
export function personOf(node: GraphNode): Connection {
  return (node as PersonNode).person;
}

/** Case and spacing never split a company (same rule as the company filter of the graph). */
export const graphCompanyKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

export function isCompanyLink(type: Relationship['type']): boolean {
  return type === 'company-role' || type === 'company-group' || type === 'company-general';
}

export function toGraphNode(person: Connection): PersonNode {
  return {
    id: person.id,
    label: `${person.firstName} ${person.lastName}`,
    size: nodeSize(person),
    color: NODE_COLORS[nodeCategory(person, false)],
    group: person.company,
    rank: person.positionInfo?.seniority ?? 0,
    role: person.isUser ? 'anchor' : person.isTeammate ? 'hub' : undefined,
    isFeatured: person.hasWorkedWith,
    person,
  };
}

export function toGraphLink(link: Relationship): GraphLink {
  return {
    id: link.id,
    source: link.sourceId,
    target: link.targetId,
    kind: isCompanyLink(link.type) ? 'group' : 'other',
  };
}

/** The engine's input for a view of the network; the ends the data worker found go along. */
export function toGraphData(
  connections: readonly Connection[],
  relationships: readonly Relationship[],
): GraphData {
  return {
    nodes: connections.map(toGraphNode),
    links: relationships.map(toGraphLink),
    linkEnds: recordedLinkEnds(relationships, connections),
  };
}

/** "Jane Doe: CTO at Acme", the fly-by's caption for a person. */
export function flyByCaption(person: Connection): string {
  const name = `${person.firstName} ${person.lastName}`.trim();
  const role = [person.position, person.company].filter(Boolean).join(' at ');
  return role ? `${name}: ${role}` : name;
}

/** How the network's graph folds companies and words its tours (docs/product.md#layouts-and-tours). */
export const NETWORK_GRAPH_OPTIONS: GraphEngineOptions = {
  groupKey: graphCompanyKey,
  captions: {
    anchor: 'You are at the center of your network',
    group: (company, size) => `${company}: ${size} connections`,
    node: (node) => flyByCaption(personOf(node)),
  },
};
