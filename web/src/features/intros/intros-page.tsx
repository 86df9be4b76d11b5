import { isOpenIntroState } from '@warmpath/domain';
import { introPagePath, type IntroRequestView } from '@warmpath/contracts';
import { Alert, Badge, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api/api';
import { connectorName, formatWhen, STATE_COLORS, STATE_LABELS } from './intro-format';
import { useListIntrosQuery } from './intros.api';

/** One request in a list: who, for whom, its state and when it last changed. */
function RequestItem({ request }: { request: IntroRequestView }) {
  const who =
    request.viewerRole === 'connector'
      ? `${request.requester.name} asks you`
      : `You asked ${connectorName(request)}`;
  return (
    <Flex role="listitem" justify="space-between" align="center" gap={12} wrap>
      <Flex vertical style={{ minWidth: 0 }}>
        <Link to={introPagePath(request.teamId, request.id)}>
          <Badge dot={request.unread} offset={[6, 0]}>
            Introduction to {request.target.name}
          </Badge>
        </Link>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {who} · {request.teamName} · {formatWhen(request.updatedAt)}
        </Typography.Text>
      </Flex>
      <Tag color={STATE_COLORS[request.state]}>{STATE_LABELS[request.state]}</Tag>
    </Flex>
  );
}

function Section({ title, empty, requests }: { title: string; empty: string; requests: IntroRequestView[] }) {
  return (
    <Card size="small" title={title} role="region" aria-label={title}>
      {requests.length === 0 ? (
        <Empty description={empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Flex vertical gap={12} role="list" aria-label={title}>
          {requests.map((request) => (
            <RequestItem key={request.id} request={request} />
          ))}
        </Flex>
      )}
    </Card>
  );
}

/**
 * /intros: the requests waiting for the viewer (to answer as the teammate asked, or to record how
 * an introduction went), the viewer's own open requests, and everything closed.
 */
export function IntrosPage() {
  const { data, error, isLoading } = useListIntrosQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading)
    return (
      <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
        <Spin size="large" aria-label="Loading intros" />
      </Flex>
    );
  const requests = data?.requests ?? [];
  const waiting = requests.filter((r) => r.awaitingMe);
  const open = requests.filter((r) => !r.awaitingMe && isOpenIntroState(r.state));
  const past = requests.filter((r) => !r.awaitingMe && !isOpenIntroState(r.state));
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880, margin: '0 auto', padding: 24 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Intros
      </Typography.Title>
      {error && <Alert type="error" title={errorMessage(error)} />}
      <Section title="Waiting for you" empty="Nothing is waiting for you." requests={waiting} />
      <Section
        title="Your requests"
        empty="No open requests. Ask from a warm path in a workspace."
        requests={open}
      />
      <Section title="Past requests" empty="No past requests yet." requests={past} />
    </Flex>
  );
}
