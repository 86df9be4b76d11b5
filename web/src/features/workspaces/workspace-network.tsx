import type { Connection } from '@warmpath/contracts';
import { Flex, theme } from 'antd';
import { useCallback, useMemo } from 'react';
import { ConnectionSearch } from '../network';
import { useDashboardView } from '../filters';
import type { NetworkSource } from '../network';
import { NetworkExplorer, type NetworkExplorerProps } from '../explorer';
import { AskIntroButton } from '../intros';
import { SuperConnectors } from './super-connectors';
import type { WorkspaceNetworkProps } from './workspace-page';
import { useListMembersQuery } from './workspaces.api';

/**
 * The pooled network below a workspace's header (docs/workspace-network.md): the dashboard's
 * network screen with the workspace as its source and the collaborator filter applied; on
 * /workspaces/{id} also the super-connectors. /teams/{id} (the older screen) shows the network
 * alone.
 */
export function WorkspaceNetwork({
  teamId,
  selectedMemberId,
  withSuperConnectors = true,
}: WorkspaceNetworkProps & { withSuperConnectors?: boolean }) {
  const { token } = theme.useToken();
  const source = useMemo<NetworkSource>(() => ({ kind: 'team', teamId }), [teamId]);
  const { data: members } = useListMembersQuery(teamId);
  const { update } = useDashboardView();
  const renderTopBar = useCallback<NetworkExplorerProps['renderTopBar']>(
    ({ connections, onChoose }) => (
      <Flex
        gap={12}
        align="center"
        style={{ padding: '8px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <ConnectionSearch
          connections={connections}
          onChoose={onChoose}
          label="Search the workspace network"
        />
      </Flex>
    ),
    [token.colorBorderSecondary],
  );
  const choose = useCallback((person: Connection) => update({ selectedId: person.id }), [update]);
  // A row's ask looks the warmest path up when it opens (a row shows none).
  const renderRowAction = useCallback<NonNullable<NetworkExplorerProps['renderRowAction']>>(
    (person, ownNode) => (
      <AskIntroButton teamId={teamId} person={person} ownNode={ownNode} size="small" type="link" />
    ),
    [teamId],
  );

  return (
    <Flex vertical gap={16}>
      <section
        aria-label="Workspace network"
        style={{
          height: 'max(560px, calc(100vh - 280px))',
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          overflow: 'hidden',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <NetworkExplorer
          source={source}
          filteredByUserId={selectedMemberId}
          renderTopBar={renderTopBar}
          renderRowAction={renderRowAction}
        />
      </section>
      {withSuperConnectors && <SuperConnectors teamId={teamId} members={members} onChoose={choose} />}
    </Flex>
  );
}

/** The routes' renderNetwork for /workspaces/{id} and for /teams/{id}. */
export const renderWorkspaceNetwork = (props: WorkspaceNetworkProps) => <WorkspaceNetwork {...props} />;
export const renderTeamNetwork = (props: WorkspaceNetworkProps) => (
  <WorkspaceNetwork {...props} withSuperConnectors={false} />
);
