import type {
  DeclineReason,
  IntroRequestView,
  IntroState,
  IntroTimelineEntry,
  MailStatus,
} from '@warmpath/contracts';

/** The states as people read them (the request page, the inbox). */
export const STATE_LABELS: Record<IntroState, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  declined: 'Declined',
  asking_target: 'Asking the person first',
  introduced: 'Introduced',
  meeting_held: 'Meeting held',
  no_response: 'No response',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

export const STATE_COLORS: Record<IntroState, string> = {
  requested: 'blue',
  accepted: 'cyan',
  declined: 'red',
  asking_target: 'gold',
  introduced: 'purple',
  meeting_held: 'green',
  no_response: 'default',
  withdrawn: 'default',
  expired: 'default',
};

/** What the connector picks from when declining. */
export const DECLINE_CHOICES = [
  { value: 'not_close_enough', label: "Don't know them well enough" },
  { value: 'not_now', label: 'Not the right time' },
  { value: 'other', label: 'Other' },
] as const;

/** A decline's reason as both sides read it on the request page. */
export function declineReasonText(reason: DeclineReason, text: string | null): string {
  switch (reason) {
    case 'not_close_enough':
      return "Doesn't know them well enough";
    case 'not_now':
      return 'Not the right time';
    case 'other':
      return text ? `Other: ${text}` : 'Other';
    case 'target_declined':
      return 'The person did not want to be introduced';
    case 'member_left':
      return 'A side left the workspace';
  }
}

/** The connector as the viewer may know them: a name, or the label of an anonymous teammate. */
export function connectorName(request: Pick<IntroRequestView, 'connector'>): string {
  return request.connector.revealed ? request.connector.name : request.connector.label;
}

function actorName(entry: IntroTimelineEntry, request: IntroRequestView): string {
  if (entry.byName) return entry.byName;
  return entry.by === 'requester' ? request.requester.name : 'The teammate asked';
}

/** One line of the timeline: who did what (its time is shown beside it). */
export function timelineText(entry: IntroTimelineEntry, request: IntroRequestView): string {
  const who = actorName(entry, request);
  const target = request.target.name;
  const system = entry.by === 'system';
  switch (entry.state) {
    case 'requested':
      return `${who} asked for an introduction to ${target}`;
    case 'accepted':
      return `${who} accepted`;
    case 'declined':
      return system ? 'Declined: the teammate asked left the workspace' : `${who} declined`;
    case 'asking_target':
      return `${who} is asking ${target} first`;
    case 'introduced':
      return `${who} made the introduction`;
    case 'meeting_held':
      return `${who} recorded a meeting`;
    case 'no_response':
      return `${who} recorded no response`;
    case 'withdrawn':
      return system ? 'Withdrawn: the requester left the workspace' : `${who} withdrew the request`;
    case 'expired':
      return 'Expired: no answer in 14 days';
  }
}

/** The notification mail of a change, as its sender reads it. */
export function mailText(status: MailStatus, error: string | null): string {
  switch (status) {
    case 'sent':
      return 'Mail sent';
    case 'queued':
      return 'Mail on its way';
    case 'retrying':
      return `Mail not sent yet, retrying${error ? `: ${error}` : ''}`;
    case 'failed':
      return `Mail failed${error ? `: ${error}` : ''}`;
    case 'disabled':
      return 'Mail is not configured on this server';
  }
}

/** A median answer time, in hours, as people say it. */
export function formatHours(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${Math.round(hours)} h`;
  return `${Math.round(hours / 24)} days`;
}

export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
