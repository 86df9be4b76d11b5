import type { Connection, Relationship } from '@warmpath/contracts';
import {
  appendCompanyLinksAs,
  COMPANY_LINK_STRENGTH,
  generateCompanyLinksAs,
  type CompanyLinkType,
} from '../company/company-links.js';
import type { PositionAnalysis } from '../position/function-category.js';
import { flatJoin } from '../text/flat-join.js';
import { WARMTH, edgeWarmth } from '../warm-path/edge-warmth.js';

/** The id of a user's own node (and of a teammate's node in a workspace graph). */
export const userNodeId = (userId: number): string => `u${userId}`;

/** The id of the link from a user node to a person that user knows. */
export const knowsLinkId = (userId: number, personId: string): string => `${userNodeId(userId)}-${personId}`;

/**
 * The id of a company link: its two people, the more senior first. The same people give the same
 * id on every read; it cannot collide with a knows link (`u<userId>-<personId>`).
 */
export const companyLinkId = (sourceId: string, targetId: string): string =>
  flatJoin(sourceId, '-', targetId);

// Company links carry 150/130/80/50 and warmth reads them as strength / 150 × 0.8; a "connection"
// link gets the strength that warmth would read back, so every link is on one scale (94..188).
const STRENGTH_PER_WARMTH = COMPANY_LINK_STRENGTH.role / WARMTH.strongestCompanyLink;

/** How one user knows a person: what the warmth of their link is made of. */
export type KnowsTie = Pick<Connection, 'yearsConnected' | 'hasWorkedWith' | 'createdAt' | 'strength'>;

/**
 * The explicit link from a user's node to a person they know (type 'connection'). `tie` is that
 * user's own record of the person (a pooled person is known differently by each member).
 */
export function toKnowsLink(person: Connection, knowerUserId: number, tie: KnowsTie = person): Relationship {
  return knowsLink(
    person,
    knowerUserId,
    tie.yearsConnected,
    tie.hasWorkedWith,
    tie.strength?.score ?? null,
    tie.createdAt,
  );
}

/** userNodeId, one string per user for every link of theirs (a workspace's million links). */
const userNodeIds = new Map<number, string>();
function sharedUserNodeId(userId: number): string {
  let id = userNodeIds.get(userId);
  if (id === undefined) {
    if (userNodeIds.size >= 100_000) userNodeIds.clear();
    userNodeIds.set(userId, (id = userNodeId(userId)));
  }
  return id;
}

/** toKnowsLink from the tie's values, for a caller that has them without a tie object. */
export function knowsLink(
  person: Connection,
  knowerUserId: number,
  yearsConnected: KnowsTie['yearsConnected'],
  hasWorkedWith: KnowsTie['hasWorkedWith'],
  score: number | null,
  createdAt: KnowsTie['createdAt'],
): Relationship {
  const warmth = edgeWarmth({ type: 'connection', yearsConnected, hasWorkedWith, strength: score });
  return {
    id: knowsLinkId(knowerUserId, person.id),
    sourceId: sharedUserNodeId(knowerUserId),
    targetId: person.id,
    strength: Math.round(warmth * STRENGTH_PER_WARMTH),
    createdAt,
    type: 'connection',
    company: null,
    userId: knowerUserId,
  };
}

/** You and a teammate (pooled workspace graphs): not stored, named after both user nodes. */
export function toTeammateLink(from: Connection, to: Connection): Relationship {
  return {
    id: `${from.id}-${to.id}`,
    sourceId: from.id,
    targetId: to.id,
    strength: Math.round(edgeWarmth({ type: 'teammate' }) * STRENGTH_PER_WARMTH),
    createdAt: to.createdAt,
    type: 'teammate',
    company: null,
    userId: from.userId,
  };
}

/**
 * The company links of docs/product.md#company-links between people, derived on every load instead of stored
 * (generateCompanyLinks is deterministic: same people, same links, same order). A link exists
 * since the later of its two people was stored, so that is its createdAt.
 */
export function deriveCompanyLinks(people: readonly Connection[], ownerUserId: number): Relationship[] {
  return generateCompanyLinksAs(people, companyRelationship(ownerUserId));
}

/**
 * deriveCompanyLinks of one company's people (all with company key `key`, `name` its most used
 * spelling, as groupByCompany names it), without grouping them again; `analyses` kept across the
 * companies of one build (docs/workspace-network.md "The cold build's cost").
 */
export function deriveOneCompanyLinks(
  key: string,
  name: string,
  people: readonly Connection[],
  ownerUserId: number,
  analyses: Map<string, PositionAnalysis>,
): Relationship[] {
  const links: Relationship[] = [];
  appendCompanyLinksAs(key, name, people, analyses, companyRelationship(ownerUserId), links);
  return links;
}

/**
 * A company link as a Relationship, made from its two people as generateCompanyLinksAs pairs them
 * (no CompanyLink in between, no look-up of the people by id: docs/workspace-network.md "In the
 * browser").
 */
function companyRelationship(
  ownerUserId: number,
): (
  source: Connection,
  target: Connection,
  strength: number,
  type: CompanyLinkType,
  company: string,
) => Relationship {
  return (source, target, strength, type, company) => ({
    id: companyLinkId(source.id, target.id),
    sourceId: source.id,
    targetId: target.id,
    strength,
    // Both are ISO 8601 UTC with milliseconds, so text order is time order.
    createdAt: source.createdAt > target.createdAt ? source.createdAt : target.createdAt,
    type,
    company,
    userId: ownerUserId,
  });
}
