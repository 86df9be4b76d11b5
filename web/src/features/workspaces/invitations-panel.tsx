import type { Invitation, MailStatus } from '@warmpath/contracts';
import { Alert, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useDeferredValue } from 'react';
import { errorMessage } from '../../lib/api/api';
import { formatDate, ROLE_LABELS } from './workspace-format';
import { useListInvitationsQuery } from './workspaces.api';

const STATE_TAGS: Record<Invitation['state'], { color: string; label: string }> = {
  pending: { color: 'orange', label: 'Pending' },
  accepted: { color: 'green', label: 'Accepted' },
  expired: { color: 'default', label: 'Expired' },
  revoked: { color: 'default', label: 'Replaced' },
};

const MAIL_LABELS: Record<MailStatus, string> = {
  sent: 'Mail sent',
  queued: 'Mail queued',
  retrying: 'Mail not sent yet, retrying',
  disabled: 'No mail (e-mail not configured)',
  failed: 'Mail could not be delivered',
};

/** The e-mail invitations of a workspace, for its owner and admins: who, state, whether the mail went out. */
export function InvitationsPanel({ teamId }: { teamId: number }) {
  // A deferred value: the first render with the answer is sliced (docs/performance.md#the-workspace-screens-first-picture).
  const { data, error, isLoading } = useDeferredValue(useListInvitationsQuery(teamId));
  return (
    <Card title="Invitations" size="small">
      {isLoading ? (
        <Spin aria-label="Loading invitations" />
      ) : error ? (
        <Alert type="error" title={errorMessage(error)} />
      ) : !data?.length ? (
        <Empty description="No invitations sent yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Flex vertical gap={8} role="list" aria-label="Invitations">
          {data.map((invitation) => (
            <Flex
              key={invitation.id}
              role="listitem"
              aria-label={invitation.email}
              justify="space-between"
              align="center"
              gap={8}
              wrap
            >
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong ellipsis>
                  {invitation.email}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {ROLE_LABELS[invitation.role]} · {MAIL_LABELS[invitation.mailStatus]}
                  {invitation.mailStatus === 'failed' && invitation.mailError
                    ? `: ${invitation.mailError}`
                    : ''}{' '}
                  · Expires {formatDate(invitation.expiresAt)}
                </Typography.Text>
              </Flex>
              <Tag color={STATE_TAGS[invitation.state].color}>{STATE_TAGS[invitation.state].label}</Tag>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
