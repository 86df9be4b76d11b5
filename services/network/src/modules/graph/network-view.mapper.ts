import type { CompanySummary, Connection, User } from '@warmpath/contracts';
import {
  companyLinkId,
  computeYearsConnected,
  deriveCompanyLinks,
  knowsLinkId,
  positionInfo,
  tieStrength,
  toKnowsLink,
  toTeammateLink,
  topCompanies,
  userNodeId,
} from '@warmpath/domain';
import type { ConnectionRow } from './network.repository.js';

// The link rules live in libs/domain (the pooled workspace graph builds the same links).
export { companyLinkId, deriveCompanyLinks, knowsLinkId, toKnowsLink, toTeammateLink, userNodeId };

/** What the own node shows of its user (auth owns the record). */
export type OwnProfile = Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'avatarUrl' | 'createdAt'>;

type PositionInfo = Connection['positionInfo'];
const positionInfos = new Map<string, PositionInfo>();
const ownerLists = new Map<number, number[]>();

/**
 * A person's category and seniority, one frozen object per pair for every person loaded (a few
 * dozen pairs exist), where each person had its own (docs/performance.md "Loaded records share
 * their texts"); read-only, as every loaded person.
 */
function sharedPositionInfo(category: PositionInfo['category'], seniority: number): PositionInfo {
  const key = `${category}:${seniority}`;
  let info = positionInfos.get(key);
  if (info === undefined) positionInfos.set(key, (info = Object.freeze({ category, seniority })));
  return info;
}

/** `[owner]`, one frozen list per owner shared by their people (read-only, as sharedPositionInfo). */
function knownByOwner(owner: number): number[] {
  let list = ownerLists.get(owner);
  if (list === undefined) ownerLists.set(owner, (list = Object.freeze([owner]) as number[]));
  return list;
}

/** A stored connection as a graph node of its owner's network: 1st degree, known by the owner. */
export function toConnection(row: ConnectionRow, now: Date, scored = false): Connection {
  const yearsConnected = computeYearsConnected(row.connected_on, now);
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
    yearsConnected,
    connectedOn: row.connected_on,
    createdAt: row.created_at,
    isUser: false,
    isTeammate: false,
    hasWorkedWith: row.has_worked_with,
    type: 'connection',
    // Stored at import from the same libs/domain rules; not recomputed per read.
    positionInfo: sharedPositionInfo(row.category, row.seniority),
    knownBy: knownByOwner(row.owner_user_id),
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
    // Everyone of a network scored from an archive has a strength; the signals only where the
    // archive says something (docs/warmth.md).
    ...(scored
      ? {
          strength: tieStrength(
            {
              signals: row.signals ?? null,
              yearsConnected,
              pastColleague: row.has_worked_with,
              coEmployedNow: false,
            },
            now,
          ),
        }
      : {}),
    ...(row.signals ? { signals: row.signals } : {}),
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

/** Every company of the network, most people first (name = the spelling most people use). */
export function summariseCompanies(people: readonly Connection[]): CompanySummary[] {
  return topCompanies(people, Number.MAX_SAFE_INTEGER);
}
