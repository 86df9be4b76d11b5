import { userNodeId } from '../pooling/graph-links.js';
import { HIDDEN_KNOWER } from '../pooling/pool-person.js';
import type { PooledPerson } from '../pooling/pooled-person-memo.js';
import { edgeWarmth } from '../warm-path/edge-warmth.js';
import type { WarmthTie } from '../warm-path/warmth-graph.js';
import type { KnowerTie } from './target-connectors.js';

/** What a member shares of a knows tie, as warmth (the shared score, not the full one). */
export const tieWarmth = (tie: WarmthTie): number =>
  edgeWarmth({
    type: 'connection',
    yearsConnected: tie.yearsConnected,
    hasWorkedWith: tie.hasWorkedWith,
    strength: tie.strength?.score ?? null,
  });

const personTies = new WeakMap<PooledPerson, readonly KnowerTie[]>();
/**
 * The same by the person's knows links: a build that pools a reloaded member's person again from
 * equal records keeps its node, links and ties in a new PooledPerson (docs/targets.md, "what the
 * last version is worth"), whose ties are then the very array of the last one.
 */
const linkTies = new WeakMap<
  PooledPerson['knowsLinks'],
  { node: PooledPerson['node']; knowsTies: PooledPerson['knowsTies']; ties: readonly KnowerTie[] }
>();

/**
 * A pooled person's ties by their knows links, in link order: only knowers named in the node's
 * `knownBy` count, so a member on `counts` (HIDDEN_KNOWER there) is never a way in
 * (docs/targets.md#k-anonymity). Memoised per pooled person: a build reuses the people no change
 * touched, and their ties with them.
 */
export function pooledPersonTies(person: PooledPerson): readonly KnowerTie[] {
  const known = personTies.get(person);
  if (known) return known;
  const node = person.node;
  const byLinks = linkTies.get(person.knowsLinks);
  if (byLinks && byLinks.node === node && byLinks.knowsTies === person.knowsTies) {
    personTies.set(person, byLinks.ties);
    return byLinks.ties;
  }
  const ties: KnowerTie[] = [];
  if (node) {
    const named = new Set(node.knownBy.filter((id) => id !== HIDDEN_KNOWER).map((id) => userNodeId(id)));
    person.knowsLinks.forEach((link, i) => {
      const tie = person.knowsTies[i];
      if (!tie || link.targetId !== node.id || !named.has(link.sourceId)) return;
      ties.push({ userId: Number(link.sourceId.slice(1)), warmth: tieWarmth(tie) });
    });
  }
  personTies.set(person, ties);
  linkTies.set(person.knowsLinks, { node, knowsTies: person.knowsTies, ties });
  return ties;
}
