import type { Connection, Relationship } from '@warmpath/contracts';
import { COMPANY_LINK_STRENGTH, WARMTH } from '@warmpath/domain';
import type {
  GraphAttributes,
  GraphData,
  GraphEngine,
  GraphEngineOptions,
  GraphLinkColumns,
} from '../../../graph';
import type { LinkColumnView, NetworkLinks } from '../data/network-links';
import { NODE_COLORS, nodeCategory, nodeSize } from './person-style';

/**
 * The one place the product meets the graph engine (docs/architecture.md#the-web-app): how the
 * engine reads a person as a node (size by seniority, colour by category, company as the group,
 * YOU the anchor, teammates hubs, past colleagues featured) and a relationship as a link (company
 * links are the group links, a knows link weighs its tie's strength), and how the tours speak of people. Nothing is copied: the engine
 * reads the people and relationships themselves, in its own slices, and hands a person back on
 * hover and click.
 */

/** The network's graph engine: its nodes are people, its links relationships. */
export type NetworkGraphEngine = GraphEngine<Connection, Relationship>;

/** Case and spacing never split a company (same rule as the company filter of the graph). */
export const graphCompanyKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

export function isCompanyLink(type: Relationship['type']): boolean {
  return type === 'company-role' || type === 'company-group' || type === 'company-general';
}

/**
 * A knows link's stored strength per unit of warmth: the server writes `warmth × 187.5` on every
 * link so that company links (150 at most, warmth 0.8) share its scale (libs/domain pooling/graph-links.ts).
 */
const STRENGTH_PER_WARMTH = COMPANY_LINK_STRENGTH.role / WARMTH.strongestCompanyLink;

/**
 * How much a knows link ("you → person", or a workspace member's own link) weighs in the graph's
 * line width (docs/warmth.md#on-screen), 0..1: its warmth above the base of knowing someone, so a
 * tie scored from the archive weighs its score / 100 (strong, 40 and up, weighs 0.4 and up), and a
 * tie without a score (no archive, or a member who shares only the band) weighs its years and
 * colleague, as the warm path does. The server already put into `strength` only what the link's
 * member shares. Company and teammate links weigh nothing: they keep their kind's width.
 */
export function knowsLinkWeight(link: Pick<Relationship, 'type' | 'strength'>): number | null {
  return linkWeightOf(link.type, link.strength);
}

/** knowsLinkWeight of a link's type and strength (read from columns, no object). */
function linkWeightOf(type: Relationship['type'], strength: number): number | null {
  if (type !== 'connection' || !Number.isFinite(strength)) return null;
  const warmth = strength / STRENGTH_PER_WARMTH;
  const weight = (warmth - WARMTH.knownBase) / (1 - WARMTH.knownBase);
  return Math.min(1, Math.max(0, weight));
}

export const PERSON_ATTRIBUTES: GraphAttributes<Connection, Relationship> = {
  node: {
    id: (person) => person.id,
    label: (person) => `${person.firstName} ${person.lastName}`,
    size: nodeSize,
    color: (person) => NODE_COLORS[nodeCategory(person, false)],
    group: (person) => person.company,
    rank: (person) => person.positionInfo?.seniority ?? 0,
    role: (person) => (person.isUser ? 'anchor' : person.isTeammate ? 'hub' : undefined),
    isFeatured: (person) => person.hasWorkedWith,
  },
  link: {
    id: (link) => link.id,
    source: (link) => link.sourceId,
    target: (link) => link.targetId,
    kind: (link) => (isCompanyLink(link.type) ? 'group' : 'other'),
    weight: knowsLinkWeight,
  },
};

/**
 * The engine's input for a view of the network: links held as columns go as columns (the ends
 * the data worker found, and PERSON_ATTRIBUTES' link readers by index), with no object per link;
 * a list of link objects goes as it is.
 */
export function toGraphData(
  connections: readonly Connection[],
  links: NetworkLinks,
): GraphData<Connection, Relationship> {
  if (!links.columns) return { nodes: connections, links: links.toArray() };
  return { nodes: connections, links: [], linkColumns: linkColumnsOf(links.columns) };
}

/** PERSON_ATTRIBUTES' link readers, by the view's link index, over the network's columns. */
function linkColumnsOf({ table, indexes, ends }: LinkColumnView): GraphLinkColumns {
  const at = indexes ? (link: number) => indexes[link] : (link: number) => link;
  return {
    sources: ends.sources,
    targets: ends.targets,
    kind: (link) => (isCompanyLink(table.type(at(link))) ? 'group' : 'other'),
    weight: (link) => linkWeightOf(table.type(at(link)), table.strength(at(link))),
    id: (link) => table.id(at(link)),
  };
}

/** "Jane Doe: CTO at Acme", the fly-by's caption for a person. */
export function flyByCaption(person: Connection): string {
  const name = `${person.firstName} ${person.lastName}`.trim();
  const role = [person.position, person.company].filter(Boolean).join(' at ');
  return role ? `${name}: ${role}` : name;
}

/** How the network's graph reads people, folds companies and words its tours (docs/product.md#layouts-and-tours). */
export const NETWORK_GRAPH_OPTIONS: GraphEngineOptions<Connection, Relationship> = {
  attributes: PERSON_ATTRIBUTES,
  groupKey: graphCompanyKey,
  captions: {
    anchor: 'You are at the center of your network',
    group: (company, size) => `${company}: ${size} connections`,
    node: flyByCaption,
  },
};
