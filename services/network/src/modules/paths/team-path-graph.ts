import type { Connection, Relationship } from '@warmpath/contracts';
import {
  buildWarmthGraph,
  warmestPathsFrom,
  warmestPathTo,
  type WarmPath,
  type WarmestPaths,
  type WarmthGraph,
  type WarmthLink,
} from '@warmpath/domain';
import { MemoKey } from '../graph/loaded-network.js';
import { NO_FEEDBACK, type WorkspaceFeedback } from '../intro-feedback/workspace-feedback.js';
import type { PooledTeamNetwork } from '../team-graph/team-networks.service.js';
import { splitByCompanyLinks, type CompanyComponents } from './company-components.js';
import type { PathGraph } from './warm-path.view.js';

const COMPONENTS = new MemoKey<CompanyComponents>('pooled-company-components');
const KNOWS_BY_PERSON = new MemoKey<Map<string, WarmthLink[]>>('pooled-knows-by-person');
const NODES = new MemoKey<Map<string, Connection>>('pooled-nodes');
const LINKS = new MemoKey<Map<string, Relationship>>('pooled-links');
/** The component graphs of one feedback version: new feedback starts a new set. */
const COMPONENT_GRAPHS = new MemoKey<{ feedback: string; graphs: Map<number, WarmthGraph> }>(
  'pooled-component-graphs',
);
const MAX_COMPONENT_GRAPHS = 2000;
/** The warmest paths from you into each component graph, computed on its first question. */
const TREES = new WeakMap<WarmthGraph, WarmestPaths | null>();

/**
 * The warmest path to a target of the pooled graph. The first question about a company component
 * searches it once to the end (warmestPathsFrom): every later target in it is a walk along that
 * tree, so random targets cost a lookup instead of a Dijkstra over 5,000-15,000 people each.
 */
export function pooledWarmestPath(graph: PathGraph, selfId: string, targetId: string): WarmPath | null {
  let tree = TREES.get(graph.warmth);
  if (tree === undefined) {
    tree = warmestPathsFrom(graph.warmth, selfId);
    TREES.set(graph.warmth, tree);
  }
  return tree ? warmestPathTo(tree, targetId) : null;
}

/**
 * A pooled network as a path graph for one target: you, your teammates, and the people the target
 * is joined to by company links, with every member's own knows links into them.
 *
 * Why that is enough: the only edges are you–teammate (0.9), member–person (each member's tie,
 * at most 1) and person–person (company links). Leaving the target's company component and
 * coming back needs a member on the way (person → member → person), and going back to a member
 * costs at least as much as the direct you → teammate hop it replaces (0.9 × a tie ≤ 0.9). So a
 * warmest path exists inside you + teammates + the component (the personal graph's argument, with
 * teammates), and a 100,000-person pool is searched over a few hundred people instead of all.
 */
export function teamPathGraph(
  network: PooledTeamNetwork,
  targetId: string,
  feedback: WorkspaceFeedback = NO_FEEDBACK,
): PathGraph {
  const { pooled } = network;
  const components = network.memo(COMPONENTS, () => splitByCompanyLinks(pooled.people, pooled.companyLinks));
  const component = components.componentOf.get(targetId) ?? -1;
  const memo = network.memo(COMPONENT_GRAPHS, () => ({ feedback: feedback.version, graphs: new Map() }));
  if (memo.feedback !== feedback.version) {
    memo.feedback = feedback.version;
    memo.graphs = new Map();
  }
  const { graphs } = memo;
  let warmth = graphs.get(component);
  if (!warmth) {
    const members = components.members[component] ?? [];
    const knows = network.memo(KNOWS_BY_PERSON, () => knowsByPerson(network));
    warmth = buildWarmthGraph(
      [pooled.self, ...pooled.teammates, ...members],
      [
        ...members.flatMap((person) => withFeedback(knows.get(person.id) ?? [], feedback)),
        ...pooled.teammateLinks,
        ...(components.links[component] ?? []),
      ],
      pooled.self.id,
      { implied: false },
    );
    if (graphs.size >= MAX_COMPONENT_GRAPHS) graphs.clear();
    graphs.set(component, warmth);
  }
  return {
    version: feedback.version ? `${network.fingerprint}.${feedback.version}` : network.fingerprint,
    warmth,
    node: (id) => network.memo(NODES, () => nodesById(network)).get(id),
    companyLink: (id) => network.memo(LINKS, () => linksById(network)).get(id),
  };
}

/** Knows links with the feedback on their ties (docs/warmth.md#feedback-from-introductions). */
function withFeedback(links: readonly WarmthLink[], feedback: WorkspaceFeedback): WarmthLink[] {
  if (feedback.byLink.size === 0) return links as WarmthLink[];
  return links.map((link) => {
    const found = link.id === undefined ? undefined : feedback.byLink.get(link.id);
    return found && link.tie ? { ...link, tie: { ...link.tie, feedback: found } } : link;
  });
}

/** Each person's knows links (one per member who shows them), each with that member's tie. */
function knowsByPerson(network: PooledTeamNetwork): Map<string, WarmthLink[]> {
  const byPerson = new Map<string, WarmthLink[]>();
  network.pooled.knowsLinks.forEach((link, index) => {
    const withTie: WarmthLink = { ...link, tie: network.pooled.knowsTies[index] };
    const list = byPerson.get(link.targetId);
    if (list) list.push(withTie);
    else byPerson.set(link.targetId, [withTie]);
  });
  return byPerson;
}

function nodesById(network: PooledTeamNetwork): Map<string, Connection> {
  const { self, teammates, people } = network.pooled;
  return new Map([self, ...teammates, ...people].map((node) => [node.id, node] as const));
}

/** Every link of the pooled graph by id: here knows and teammate links are explicit too. */
function linksById(network: PooledTeamNetwork): Map<string, Relationship> {
  const { knowsLinks, teammateLinks, companyLinks } = network.pooled;
  return new Map([...knowsLinks, ...teammateLinks, ...companyLinks].map((link) => [link.id, link] as const));
}
