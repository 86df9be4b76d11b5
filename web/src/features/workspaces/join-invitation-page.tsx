import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { serverMessage } from '../../lib/api/api';
import { useToast } from '../../lib/toast/use-toast';
import { invitationProblem } from './invitation-error';
import { formatDate } from './workspace-format';
import { useAcceptInvitationMutation, useLookupInvitationQuery } from './workspaces.api';

/**
 * /join/{token} (product-spec §2, §4): loading, then valid ('Join Workspace') or invalid, expired
 * or errored ('Invalid Invitation'). Routed behind sign-in: accepting needs the invited account.
 */
export function JoinInvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { data, error, isLoading } = useLookupInvitationQuery(token);
  const [accept, { isLoading: isJoining }] = useAcceptInvitationMutation();

  const onAccept = async () => {
    try {
      const { teamId } = await accept(token).unwrap();
      void navigate(teamId ? `/workspaces/${teamId}` : '/workspaces');
    } catch (failure) {
      const description = serverMessage(failure) ?? 'An error occurred while joining the workspace';
      toast({ title: 'Failed to join workspace', description, variant: 'destructive' });
    }
  };

  if (isLoading) {
    return (
      <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
        <Spin size="large" aria-label="Checking invitation" />
      </Flex>
    );
  }
  if (error || !data) {
    return (
      <Result
        status="warning"
        title="Invalid Invitation"
        subTitle={error ? invitationProblem(error) : 'Invalid invitation link'}
        extra={
          <Button type="primary" onClick={() => void navigate('/workspaces')}>
            Go to Workspaces
          </Button>
        }
      />
    );
  }
  return (
    <Flex justify="center" style={{ padding: '48px 16px' }}>
      <Card title="Join Workspace" style={{ width: 480, maxWidth: '100%' }}>
        <Typography.Paragraph>
          You have been invited to join <Typography.Text strong>{data.teamName}</Typography.Text> by{' '}
          <Typography.Text strong>{data.inviterName}</Typography.Text>.
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          You will join as {data.role === 'admin' ? 'an admin' : 'a member'}. This invitation expires on{' '}
          {formatDate(data.expiresAt)}.
        </Typography.Paragraph>
        <Flex gap={8} justify="end">
          <Button onClick={() => void navigate('/workspaces')}>Decline</Button>
          <Button type="primary" loading={isJoining} onClick={() => void onAccept()}>
            {isJoining ? 'Joining...' : 'Accept & Join Workspace'}
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
