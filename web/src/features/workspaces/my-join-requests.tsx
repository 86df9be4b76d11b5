import type { JoinRequestState } from '@warmpath/contracts';
import { Card, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useListMyJoinRequestsQuery } from './workspaces.api';
import { formatDate } from './workspace-format';

const STATE_TAGS: Record<JoinRequestState, { color: string; label: string }> = {
  pending: { color: 'orange', label: 'Pending approval' },
  approved: { color: 'green', label: 'Approved' },
  rejected: { color: 'red', label: 'Rejected' },
};

/**
 * The caller's own join requests and their state (docs/product.md#invitations-and-join-codes);
 * nothing when there are none.
 */
export function MyJoinRequests() {
  const { data, error } = useListMyJoinRequestsQuery();
  if (error) {
    return <Typography.Text type="secondary">Your join requests could not be loaded.</Typography.Text>;
  }
  if (!data?.length) return null;
  return (
    <Card size="small" title="Your join requests">
      <Flex vertical gap={8} role="list">
        {data.map((request) => {
          const tag = STATE_TAGS[request.status];
          return (
            <Flex
              key={request.id}
              role="listitem"
              aria-label={`Join request for ${request.teamName}`}
              justify="space-between"
              align="center"
              gap={8}
            >
              <Flex vertical>
                {request.status === 'approved' && request.teamId !== null ? (
                  <Link to={`/workspaces/${request.teamId}`}>{request.teamName}</Link>
                ) : (
                  <Typography.Text strong>{request.teamName}</Typography.Text>
                )}
                <Typography.Text type="secondary">
                  Requested {formatDate(request.requestedAt)}
                </Typography.Text>
              </Flex>
              <Tag color={tag.color}>{tag.label}</Tag>
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
}
