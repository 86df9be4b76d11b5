import { knowsLinkId, latestFeedback, type IntroFeedback } from '@warmpath/domain';
import { createHash } from 'node:crypto';
import { nodeOfPersonKey } from '../team-graph/pooled-person-keys.js';
import type { PooledTeamNetwork } from '../team-graph/team-networks.service.js';
import type { Membership } from '../team-graph/team-sources.js';
import type { IntroFeedbackRow } from './intro-feedback.repository.js';

/** The latest feedback on one connector's tie to a person shown in the pool. */
export interface TieFeedback extends IntroFeedback {
  connectorUserId: number;
  personId: string;
}

/** A workspace's feedback as one viewer's pooled graph uses it. */
export interface WorkspaceFeedback {
  /** A hash of what applies; '' when nothing does. */
  readonly version: string;
  /** Per knows link (`u<connector>-<person>`), the feedback on that tie, for the path search. */
  readonly byLink: ReadonlyMap<string, IntroFeedback[]>;
  /** Per person node, the latest feedback of each connector, newest first, for the words. */
  readonly byPerson: ReadonlyMap<string, TieFeedback[]>;
}

export const NO_FEEDBACK: WorkspaceFeedback = { version: '', byLink: new Map(), byPerson: new Map() };

/**
 * The feedback that applies to a pooled network (docs/warmth.md#feedback-from-introductions): of
 * current members only, given since they (last) joined, and never of a member sharing `counts`,
 * whose ties the workspace does not see (their hops do not exist in the pool, and no sentence may
 * say they know someone). Feedback on a person nobody shows any more is dropped. `membership` is
 * the one read for this request: a pooled network is kept across reads that change only join dates.
 */
export function workspaceFeedback(
  network: PooledTeamNetwork,
  membership: Membership,
  rows: readonly IntroFeedbackRow[],
): WorkspaceFeedback {
  const members = new Map(membership.members.map((m) => [m.userId, m] as const));
  const byLink = new Map<string, IntroFeedback[]>();
  const ties = new Map<string, TieFeedback[]>();
  for (const row of rows) {
    const member = members.get(row.connectorUserId);
    if (!member || member.sharing === 'counts') continue;
    if (Date.parse(row.at) < Date.parse(member.joinedAt)) continue;
    const personId = nodeOfPersonKey(network, row.personKey);
    if (!personId) continue;
    const link = knowsLinkId(row.connectorUserId, personId);
    const list = byLink.get(link) ?? [];
    list.push({ kind: row.kind, at: row.at });
    byLink.set(link, list);
    const tie = ties.get(link) ?? [];
    tie.push({ kind: row.kind, at: row.at, connectorUserId: row.connectorUserId, personId });
    ties.set(link, tie);
  }
  if (byLink.size === 0) return NO_FEEDBACK;
  const byPerson = new Map<string, TieFeedback[]>();
  for (const tie of ties.values()) {
    const latest = latestFeedback(tie) as TieFeedback;
    const list = byPerson.get(latest.personId) ?? [];
    list.push(latest);
    byPerson.set(latest.personId, list);
  }
  for (const list of byPerson.values()) list.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  const parts = [...byLink].map(
    ([link, list]) => `${link}:${list.map((f) => `${f.kind}@${f.at}`).join(',')}`,
  );
  const version = createHash('sha256').update(parts.sort().join('\n')).digest('base64url').slice(0, 12);
  return { version, byLink, byPerson };
}
