import { TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Workspace } from '@warmpath/contracts';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { canInvite, formatDate } from './workspace-format';

interface Props {
  workspace: Workspace;
  currentUserId: number | undefined;
  onInvite: (workspace: Workspace) => void;
}

/** One card of the workspace list with the real member count (docs/product.md#workspace-list). */
export function WorkspaceCard({ workspace, currentUserId, onInvite }: Props) {
  const navigate = useNavigate();
  const isOwner = workspace.createdById === currentUserId;
  return (
    <Card
      aria-label={workspace.name}
      title={
        <Flex align="center" gap={8}>
          <Typography.Text strong ellipsis style={{ flex: 1 }}>
            {workspace.name}
          </Typography.Text>
          <Tag color={isOwner ? 'gold' : 'blue'}>{isOwner ? 'Owner' : 'Member'}</Tag>
        </Flex>
      }
      actions={[
        <Button key="view" type="link" onClick={() => void navigate(`/workspaces/${workspace.id}`)}>
          View Network
        </Button>,
        ...(canInvite(workspace.role)
          ? [
              <Button key="invite" type="link" icon={<UserAddOutlined />} onClick={() => onInvite(workspace)}>
                Invite
              </Button>,
            ]
          : []),
      ]}
    >
      <Typography.Paragraph type={workspace.description ? undefined : 'secondary'} ellipsis={{ rows: 2 }}>
        {workspace.description || 'No description provided'}
      </Typography.Paragraph>
      <Flex justify="space-between">
        <Typography.Text type="secondary">
          <TeamOutlined /> Members: <span aria-label="Members">{workspace.memberCount}</span>
        </Typography.Text>
        <Typography.Text type="secondary">Created {formatDate(workspace.createdAt)}</Typography.Text>
      </Flex>
    </Card>
  );
}
