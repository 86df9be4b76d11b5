import type { CompanySummary, Connection, Relationship, User } from '@warmpath/contracts';
import {
  COMPANY_LINK_STRENGTH,
  WARMTH,
  computeYearsConnected,
  edgeWarmth,
  generateCompanyLinks,
  positionInfo,
  topCompanies,
} from '@warmpath/domain';
import type { ConnectionRow } from './network.repository.js';

/** The id of a user's own node (and of a teammate's node in a workspace graph). */
export const userNodeId = (userId: number): string => `u${userId}`;

/** The id of the link from a user node to a person that user knows. */
export const knowsLinkId = (userId: number, personId: string): string => `${userNodeId(userId)}-${personId}`;

/** What the own node shows of its user (auth owns the record). */
export type OwnProfile = Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'avatarUrl' | 'createdAt'>;

/** A stored connection as a graph node of its owner's network: 1st degree, known by the owner. */
export function toConnection(row: ConnectionRow, now: Date): Connection {
  return {
    id: row.id,
    userId: row.owner_user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    position: row.position,
    email: row.email,
    linkedinUrl: row.linkedin_url,
    avatarUrl: null,
    notes: row.notes,
    industry: row.industry,
    location: row.location,
    connectionDegree: 1,
    yearsConnected: computeYearsConnected(row.connected_on, now),
    connectedOn: row.connected_on,
    createdAt: row.created_at,
    isUser: false,
    isTeammate: false,
    hasWorkedWith: row.has_worked_with,
    type: 'connection',
    // Stored at import from the same libs/domain rules; not recomputed per read.
    positionInfo: { category: row.category, seniority: row.seniority },
    knownBy: [row.owner_user_id],
    // Only people with a history carry the field: 300,000 people without one add no bytes.
    ...(row.absent_since || row.job_changed_at
      ? {
          exportHistory: {
            absentSince: row.absent_since,
            previousCompany: row.previous_company,
            previousPosition: row.previous_position,
            jobChangedAt: row.job_changed_at,
          },
        }
      : {}),
  };
}

/** The user's own node: degree 0, isUser, id `u<userId>`. Known by nobody: it is the knower. */
export function toOwnNode(profile: OwnProfile): Connection {
  return {
    id: userNodeId(profile.id),
    userId: profile.id,
    firstName: profile.firstName,
    lastName: profile.lastName,
    company: null,
    position: null,
    email: profile.email,
    linkedinUrl: null,
    avatarUrl: profile.avatarUrl,
    notes: null,
    industry: null,
    location: null,
    connectionDegree: 0,
    yearsConnected: null,
    connectedOn: null,
    createdAt: profile.createdAt,
    isUser: true,
    isTeammate: false,
    hasWorkedWith: false,
    type: 'connection',
    positionInfo: positionInfo(null),
    knownBy: [],
  };
}

/**
 * The id of a company link: its two people, the more senior first. The same people give the same
 * id on every read; it cannot collide with a knows link (`u<userId>-<personId>`).
 */
export const companyLinkId = (sourceId: string, targetId: string): string => `${sourceId}-${targetId}`;

/**
 * The company links of product-spec §5 between a user's people, derived on every load instead of
 * stored (generateCompanyLinks is deterministic: same people, same links, same order). A link
 * exists since the later of its two people was stored, so that is its createdAt.
 */
export function deriveCompanyLinks(people: readonly Connection[], ownerUserId: number): Relationship[] {
  const byId = new Map(people.map((person) => [person.id, person] as const));
  return generateCompanyLinks(people).map((link): Relationship => {
    const source = byId.get(link.sourceId) as Connection;
    const target = byId.get(link.targetId) as Connection;
    return {
      id: companyLinkId(link.sourceId, link.targetId),
      sourceId: link.sourceId,
      targetId: link.targetId,
      strength: link.strength,
      // Both are ISO 8601 UTC with milliseconds, so text order is time order.
      createdAt: source.createdAt > target.createdAt ? source.createdAt : target.createdAt,
      type: link.type,
      company: link.company,
      userId: ownerUserId,
    };
  });
}

// Company links carry 150/130/80/50 and warmth reads them as strength / 150 × 0.8; a "connection"
// link gets the strength that warmth would read back, so every link is on one scale (94..188).
const STRENGTH_PER_WARMTH = COMPANY_LINK_STRENGTH.role / WARMTH.strongestCompanyLink;

/** The explicit link from a user's node to a person they know (type 'connection'). */
export function toKnowsLink(person: Connection, knowerUserId: number): Relationship {
  const warmth = edgeWarmth({
    type: 'connection',
    yearsConnected: person.yearsConnected,
    hasWorkedWith: person.hasWorkedWith,
  });
  return {
    id: knowsLinkId(knowerUserId, person.id),
    sourceId: userNodeId(knowerUserId),
    targetId: person.id,
    strength: Math.round(warmth * STRENGTH_PER_WARMTH),
    createdAt: person.createdAt,
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

/** Every company of the network, most people first (name = the spelling most people use). */
export function summariseCompanies(people: readonly Connection[]): CompanySummary[] {
  return topCompanies(people, Number.MAX_SAFE_INTEGER);
}
