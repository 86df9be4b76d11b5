import type { IntroRequestView } from '@warmpath/contracts';
import { Alert, Card, Descriptions, Flex, Result, Spin, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/api/api';
import { ForwardSection } from './forward-section';
import { IntroActions } from './intro-actions';
import { connectorName, declineReasonText, formatWhen, STATE_COLORS, STATE_LABELS } from './intro-format';
import { IntroTimeline } from './intro-timeline';
import { useAuth } from '../../lib/session/auth-context';
import { useGetIntroQuery, useListIntroMembersQuery, useMarkIntroReadMutation } from './intros.api';

const ID = /^[1-9]\d{0,9}$/;

/**
 * /workspaces/{id}/intros/{introId}: one request as its side sees it, the link of every intro
 * mail. Anyone else (a member who is neither side, a non-member) gets the same page as for a
 * request that does not exist.
 */
export function IntroRequestPage() {
  const { id = '', introId = '' } = useParams();
  const isValid = ID.test(id) && ID.test(introId);
  const ref = { teamId: Number(id), introId: Number(introId) };
  const { data: request, error } = useGetIntroQuery(ref, { skip: !isValid });
  const [markRead] = useMarkIntroReadMutation();
  const isUnread = request?.unread === true;
  useEffect(() => {
    if (isUnread) void markRead(ref);
    // Once per request shown unread; ref is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isUnread, markRead, ref.teamId, ref.introId]);
  const status = error && 'status' in error ? error.status : null;
  if (!isValid || status === 404 || status === 400)
    return <Result status="404" title="Request Not Found" extra={<Link to="/intros">Back to Intros</Link>} />;
  if (error) return <Alert type="error" title={errorMessage(error)} style={{ margin: 24 }} />;
  if (!request)
    return (
      <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
        <Spin size="large" aria-label="Loading request" />
      </Flex>
    );
  return <RequestView request={request} />;
}

function RequestView({ request }: { request: IntroRequestView }) {
  const isConnector = request.viewerRole === 'connector';
  const { user } = useAuth();
  const { data: members } = useListIntroMembersQuery(request.teamId, { skip: !isConnector });
  const isHidden = isConnector && members?.find((m) => m.userId === user?.id)?.sharing === 'counts';
  const target = [request.target.position, request.target.company].filter(Boolean).join(' at ');
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880, margin: '0 auto', padding: 24 }}>
      <Link to="/intros">Back to Intros</Link>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Introduction to {request.target.name}
        </Typography.Title>
        <Tag color={STATE_COLORS[request.state]} aria-label="Request state" style={{ fontSize: 14 }}>
          {STATE_LABELS[request.state]}
        </Tag>
      </Flex>
      <Card size="small">
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'target',
              label: 'Introduction to',
              children: target ? `${request.target.name}, ${target}` : request.target.name,
            },
            {
              key: 'requester',
              label: 'Asked by',
              children: isConnector ? request.requester.name : `You (${request.requester.name})`,
            },
            { key: 'connector', label: 'Asked of', children: isConnector ? 'You' : connectorName(request) },
            {
              key: 'workspace',
              label: 'Workspace',
              children: <Link to={`/workspaces/${request.teamId}`}>{request.teamName}</Link>,
            },
            { key: 'asked', label: 'Asked', children: formatWhen(request.createdAt) },
            ...(request.state === 'requested'
              ? [{ key: 'expires', label: 'Expires', children: formatWhen(request.expiresAt) }]
              : []),
            ...(request.declineReason
              ? [
                  {
                    key: 'declined',
                    label: 'Reason declined',
                    children: declineReasonText(request.declineReason, request.declineText),
                  },
                ]
              : []),
          ]}
        />
        <Typography.Title level={5}>Reason</Typography.Title>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{request.reason}</Typography.Paragraph>
      </Card>
      <IntroActions request={request} isHiddenFromRequester={isHidden} />
      {isConnector && request.state === 'accepted' && <ForwardSection request={request} />}
      <Card size="small" title="Timeline">
        <IntroTimeline request={request} />
      </Card>
    </Flex>
  );
}
