import { AimOutlined, UserAddOutlined } from '@ant-design/icons';
import { WORKSPACE_ID } from '@warmpath/contracts';
import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api/api';
import { useAuth } from '../../lib/session/auth-context';
import { WorkspaceIntrosPanel } from '../intros';
import { usePrefetchTeamNetwork } from '../network';
import { CollaboratorsFilter } from './collaborators-filter';
import { InvitationsPanel } from './invitations-panel';
import { InviteDialog } from './invite-dialog';
import { MembersPanel } from './members-panel';
import { PendingRequests } from './pending-requests-dialog';
import { WorkspaceActions } from './workspace-actions';
import { SourcesPanel } from './sources-panel';
import { canInvite } from './workspace-format';
import { useGetWorkspaceQuery, useListMembersQuery } from './workspaces.api';

/**
 * What the pooled graph (docs/workspace-network.md) receives: the workspace and the collaborator
 * picked (null: All).
 */
export interface WorkspaceNetworkProps {
  teamId: number;
  selectedMemberId: number | null;
}

interface Props {
  /** 'workspace': /workspaces/{id}; 'team': the older /teams/{id}, without collaborators or requests. */
  variant: 'workspace' | 'team';
  /** The pooled network below the header (docs/workspace-network.md); nothing until it exists. */
  renderNetwork?: (props: WorkspaceNetworkProps) => ReactNode;
}

const NOT_FOUND = {
  workspace: { title: 'Workspace Not Found', to: '/workspaces', link: 'Back to Workspaces' },
  team: { title: 'Team Not Found', to: '/teams', link: 'Back to Teams' },
} as const;

/**
 * /workspaces/{id} and /teams/{id} (docs/product.md#workspace-network-screen): header, members and
 * the owner's tools.
 */
export function WorkspacePage({ variant, renderNetwork }: Props) {
  const { id = '' } = useParams();
  const isValidId = WORKSPACE_ID.test(id);
  const teamId = isValidId ? Number(id) : 0;
  const { user } = useAuth();
  const navigate = useNavigate();
  const liveWorkspace = useGetWorkspaceQuery(teamId, { skip: !isValidId });
  const liveMembers = useListMembersQuery(teamId, { skip: !isValidId || !liveWorkspace.data });
  // The answers render as deferred values: React renders the page with them in slices that give
  // way to the browser, where a store update alone renders at once, in one long task of antd
  // generating the styles of every panel (docs/performance.md#the-workspace-screens-first-picture).
  const workspaceQuery = useDeferredValue(liveWorkspace);
  const membersQuery = useDeferredValue(liveMembers);
  const [selectedMemberId, setSelectedMemberId] = useState<number | null>(null);
  const [isInviting, setInviting] = useState(false);
  const prefetchNetwork = usePrefetchTeamNetwork();
  const hasNetwork = renderNetwork !== undefined;
  // The pooled network is read beside the workspace, not after it: the first picture waits for
  // that read (docs/performance.md#the-workspace-screens-first-picture). A non-member's read
  // fails as the workspace's does, and the screen shows Not Found either way.
  useEffect(() => {
    if (isValidId && hasNetwork) prefetchNetwork(teamId);
  }, [isValidId, hasNetwork, teamId, prefetchNetwork]);
  const workspace = workspaceQuery.data;
  const status =
    workspaceQuery.error && 'status' in workspaceQuery.error ? workspaceQuery.error.status : null;

  // A workspace the caller may not see answers 404 exactly like a missing one (docs/product.md#roles).
  if (!isValidId || status === 404 || status === 400) {
    const copy = NOT_FOUND[variant];
    return <Result status="404" title={copy.title} extra={<Link to={copy.to}>{copy.link}</Link>} />;
  }
  if (workspaceQuery.error)
    return <Alert type="error" title={errorMessage(workspaceQuery.error)} style={{ margin: 24 }} />;
  if (!workspace) {
    return (
      <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
        <Spin size="large" aria-label="Loading workspace" />
      </Flex>
    );
  }
  const isOwner = workspace.createdById === user?.id;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto', padding: 24 }}>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {workspace.name} Network
          </Typography.Title>
          {workspace.description && (
            <Typography.Text type="secondary">{workspace.description}</Typography.Text>
          )}
        </Flex>
        <Flex gap={8} align="center" wrap>
          {variant === 'workspace' && (
            <Button icon={<AimOutlined />} onClick={() => void navigate(`/workspaces/${teamId}/targets`)}>
              Target lists
            </Button>
          )}
          {variant === 'workspace' && isOwner && <PendingRequests teamId={teamId} />}
          {canInvite(workspace.role) && (
            <Button icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
              Invite
            </Button>
          )}
          <WorkspaceActions workspace={workspace} isOwner={isOwner} />
        </Flex>
      </Flex>
      {variant === 'workspace' && membersQuery.data && (
        <CollaboratorsFilter
          members={membersQuery.data}
          selectedMemberId={selectedMemberId}
          onSelect={setSelectedMemberId}
        />
      )}
      {renderNetwork?.({ teamId, selectedMemberId })}
      <MembersPanel
        workspace={workspace}
        members={membersQuery.data}
        membersError={membersQuery.error}
        currentUserId={user?.id}
        selectedMemberId={selectedMemberId}
      />
      {variant === 'workspace' && <WorkspaceIntrosPanel teamId={teamId} />}
      {variant === 'workspace' && <SourcesPanel teamId={teamId} canManage={canInvite(workspace.role)} />}
      {canInvite(workspace.role) && <InvitationsPanel teamId={teamId} />}
      {isInviting && <InviteDialog workspace={workspace} open onClose={() => setInviting(false)} />}
    </Flex>
  );
}
