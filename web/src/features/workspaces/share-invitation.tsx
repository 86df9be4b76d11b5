import { INVITATION_TTL_DAYS, type InvitationCode, type InvitationCreated } from '@warmpath/contracts';
import { Alert, Flex, Typography } from 'antd';
import { CopyField } from './copy-field';
import { useMailStatus } from './use-mail-status';
import { describeMailStatus } from './workspace-format';

/** The link of an e-mail invitation: {origin}/join/{token} (docs/product.md#invitations-and-join-codes). */
export function invitationLink(token: string): string {
  return `${window.location.origin}/join/${token}`;
}

/**
 * 'Share invitation': the direct link and/or the code, each to copy, whether the e-mail went
 * out, and the two rules the inviter must know (7-day expiry, code requests need approval).
 */
export function ShareInvitation({
  invitation,
  code,
}: {
  invitation?: InvitationCreated | null;
  code?: InvitationCode | null;
}) {
  const mailStatus = useMailStatus(invitation);
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Share invitation
      </Typography.Title>
      {invitation && mailStatus && (
        <Flex vertical gap={4}>
          <Typography.Text strong>Direct link</Typography.Text>
          <CopyField label="Invitation link" value={invitationLink(invitation.token)} />
          <Alert
            type={mailStatus === 'sent' ? 'success' : mailStatus === 'queued' ? 'info' : 'warning'}
            title={describeMailStatus(mailStatus, invitation.email)}
            showIcon
          />
        </Flex>
      )}
      {code && (
        <Flex vertical gap={4}>
          <Typography.Text strong>Invitation code</Typography.Text>
          <CopyField label="Invitation code" value={code.invitationCode} />
          <Typography.Text type="secondary">
            Requests made with this code must be approved by the workspace owner. A new code replaces this
            one.
          </Typography.Text>
        </Flex>
      )}
      <Typography.Text type="secondary">Invitations expire in {INVITATION_TTL_DAYS} days.</Typography.Text>
    </Flex>
  );
}
