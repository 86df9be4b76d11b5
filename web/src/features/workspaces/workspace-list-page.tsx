import { LoginOutlined, PlusOutlined } from '@ant-design/icons';
import type { Workspace } from '@warmpath/contracts';
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api/api';
import { useAuth } from '../../lib/session/auth-context';
import { CreateWorkspaceDialog } from './create-workspace-dialog';
import { InviteDialog } from './invite-dialog';
import { MyJoinRequests } from './my-join-requests';
import { WorkspaceCard } from './workspace-card';
import { useListWorkspacesQuery } from './workspaces.api';

/** 3 skeleton cards while loading (product-spec §9). */
const SKELETON_CARDS = 3;
const COLUMN = { xs: 24, md: 12, xl: 8 } as const;

/** /workspaces and /teams (product-spec §2): the caller's workspaces as cards. */
export function WorkspaceListPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { data, isLoading, error } = useListWorkspacesQuery();
  const [isCreating, setCreating] = useState(false);
  const [invited, setInvited] = useState<Workspace | null>(null);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto', padding: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Workspaces
        </Typography.Title>
        <Flex gap={8}>
          <Button icon={<LoginOutlined />} onClick={() => void navigate('/join')}>
            Join Workspace
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Create Workspace
          </Button>
        </Flex>
      </Flex>
      <MyJoinRequests />
      {error ? (
        <Alert type="error" title={errorMessage(error)} />
      ) : isLoading ? (
        <Row gutter={[16, 16]}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <Col key={i} {...COLUMN}>
              <Card aria-label="Loading workspace">
                <Skeleton active />
              </Card>
            </Col>
          ))}
        </Row>
      ) : !data?.length ? (
        <Empty description="No workspaces yet" />
      ) : (
        <Row gutter={[16, 16]}>
          {data.map((workspace) => (
            <Col key={workspace.id} {...COLUMN}>
              <WorkspaceCard workspace={workspace} currentUserId={user?.id} onInvite={setInvited} />
            </Col>
          ))}
        </Row>
      )}
      {isCreating && <CreateWorkspaceDialog open onClose={() => setCreating(false)} />}
      {invited && <InviteDialog workspace={invited} open onClose={() => setInvited(null)} />}
    </Flex>
  );
}
