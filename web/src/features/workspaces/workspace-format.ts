import type { MailStatus, SharingLevel, WorkspaceRole } from '@warmpath/contracts';

/** The sharing select's labels, each level adding to the one before (issue #14). */
export const SHARING_LABELS: Record<SharingLevel, string> = {
  counts: 'Counts only',
  names: 'Name, company, position',
  profiles: '+ profile URL',
  emails: '+ e-mail',
};

export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

/** Owner and admins invite by e-mail and make codes (DECISIONS.md). */
export function canInvite(role: WorkspaceRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** A date as the viewer's local calendar date, or '' for a value that is not a date. */
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString();
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * The pending dialog's 'Requested' time ("3 hours ago"), or 'recently' (product-spec §2) when the
 * date is missing, unreadable or under a minute old.
 */
export function formatRequested(value: string | null | undefined, now = Date.now()): string {
  const time = value ? new Date(value).getTime() : Number.NaN;
  if (Number.isNaN(time)) return 'recently';
  const seconds = Math.round((now - time) / 1000);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(-Math.trunc(seconds / size), unit);
  }
  return 'recently';
}

/** Whether the invitation e-mail went out, said the way the inviter needs it. */
export function describeMailStatus(status: MailStatus, email: string): string {
  switch (status) {
    case 'sent':
      return `An invitation e-mail was sent to ${email}.`;
    case 'queued':
      return `An invitation e-mail to ${email} is on its way.`;
    case 'retrying':
      return `The e-mail to ${email} could not be sent yet and will be retried. You can share the link meanwhile.`;
    case 'failed':
      return `The e-mail to ${email} could not be sent: share the link yourself.`;
    case 'disabled':
      return 'E-mail is not configured on this server: share the link yourself.';
  }
}
