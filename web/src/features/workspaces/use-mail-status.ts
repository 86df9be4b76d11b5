import type { InvitationCreated, MailStatus } from '@warmpath/contracts';
import { useListInvitationsQuery } from './workspaces.api';

/** How often the share view asks whether a queued invitation mail went out (ms). */
export const MAIL_STATUS_REFRESH_MS = 2000;

const isSettled = (status: MailStatus) => status === 'sent' || status === 'failed' || status === 'disabled';

/**
 * The invitation mail's state as it is now: the mail leaves through an outbox after the
 * invitation is created, so while the share view is open a queued or retrying mail is looked up
 * again until it is sent. Only this view polls (other reads never are: docs/product.md#states); it stops once
 * the mail is settled or the view closes.
 */
export function useMailStatus(invitation: InvitationCreated | null | undefined): MailStatus | undefined {
  const created = invitation?.mailStatus;
  const { data } = useListInvitationsQuery(invitation?.teamId ?? 0, {
    skip: !invitation || !created || isSettled(created),
    pollingInterval: MAIL_STATUS_REFRESH_MS,
    skipPollingIfUnfocused: true,
  });
  const current = data?.find((listed) => listed.id === invitation?.id)?.mailStatus;
  return current ?? created;
}
