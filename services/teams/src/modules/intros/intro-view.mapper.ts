import type {
  DeclineReason,
  IntroConnectorView,
  IntroRequestView,
  IntroTimelineEntry,
  UserProfile,
} from '@warmpath/contracts';
import { introExpiry, isAwaitingViewer, isConnectorNamedToRequester } from '@warmpath/domain';
import { nameOf } from '../access/profiles.client.js';
import type { IntroEventRow, IntroRow } from './intros.repository.js';

export type ViewerRole = 'requester' | 'connector';

export const DECLINE_WORDS: Record<DeclineReason, string> = {
  not_close_enough: "Doesn't know them well enough",
  not_now: 'Not the right time',
  other: 'Other',
  target_declined: 'The person did not want the introduction',
  member_left: 'Left the workspace',
};

export function viewerRoleOf(intro: IntroRow, viewerId: number): ViewerRole {
  return intro.requesterId === viewerId ? 'requester' : 'connector';
}

/** Whether the requester may know who the connector is (docs/intros.md, "Anonymous connector"). */
export function connectorNamed(intro: IntroRow): boolean {
  return isConnectorNamedToRequester(intro.connectorSharing, intro.connectorRevealed);
}

/** "a teammate who knows Ben Ortiz": how a hidden connector is shown. */
export const hiddenConnectorLabel = (intro: IntroRow) => `A teammate who knows ${intro.targetName}`;

/**
 * A request as one side sees it. To a requester whose connector shares `counts` and has not
 * revealed themself, nothing here names the connector: no id, name or e-mail, in the connector
 * field or the timeline. The connector sees the target as their own record has them.
 */
export function toIntroView(
  intro: IntroRow,
  viewerId: number,
  profiles: ReadonlyMap<number, UserProfile>,
  events: readonly IntroEventRow[] = [],
): IntroRequestView {
  const role = viewerRoleOf(intro, viewerId);
  const named = role === 'connector' || connectorNamed(intro);
  const connector: IntroConnectorView = named
    ? { revealed: true, userId: intro.connectorId, name: nameOf(profiles.get(intro.connectorId)) }
    : { revealed: false, label: hiddenConnectorLabel(intro) };
  const target =
    role === 'connector'
      ? {
          id: intro.connectorConnectionId,
          name: intro.connectorTargetName,
          company: intro.connectorTargetCompany,
          position: intro.connectorTargetPosition,
        }
      : {
          id: intro.targetNodeId,
          name: intro.targetName,
          company: intro.targetCompany,
          position: intro.targetPosition,
        };
  return {
    id: intro.id,
    teamId: intro.teamId,
    teamName: intro.teamName,
    state: intro.state,
    viewerRole: role,
    requester: { userId: intro.requesterId, name: nameOf(profiles.get(intro.requesterId)) },
    connector,
    target,
    reason: intro.reason,
    draft: intro.draft,
    declineReason: intro.declineReason,
    declineText: intro.declineText,
    createdAt: intro.createdAt.toISOString(),
    updatedAt: intro.updatedAt.toISOString(),
    answeredAt: intro.answeredAt?.toISOString() ?? null,
    expiresAt: introExpiry(intro.createdAt).toISOString(),
    awaitingMe: isAwaitingViewer(intro.state, role),
    unread: !intro.readAt || intro.readAt.getTime() < intro.updatedAt.getTime(),
    timeline: events.map((event) => toTimelineEntry(event, intro, viewerId, named, profiles)),
  };
}

function toTimelineEntry(
  event: IntroEventRow,
  intro: IntroRow,
  viewerId: number,
  connectorIsNamed: boolean,
  profiles: ReadonlyMap<number, UserProfile>,
): IntroTimelineEntry {
  const hidden = event.actor === 'connector' && !connectorIsNamed;
  const byName = event.actorId === null || hidden ? null : nameOf(profiles.get(event.actorId));
  const mine = event.actorId === viewerId;
  return {
    state: event.state,
    at: event.at.toISOString(),
    by: event.actor,
    byName,
    note: event.note,
    mail: mine && event.mailStatus ? { status: event.mailStatus, error: event.mailError } : null,
  };
}
