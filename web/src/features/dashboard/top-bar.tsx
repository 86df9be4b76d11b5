import { ImportOutlined } from '@ant-design/icons';
import type { Connection } from '@warmpath/contracts';
import { Button, Flex, theme } from 'antd';
import { memo } from 'react';
import { DarkModeToggle } from '../theme';
import { InviteCollaboratorButton } from '../workspaces';
import { ConnectionSearch } from '../network';

interface Props {
  connections: readonly Connection[];
  onChoose: (person: Connection) => void;
  onImport: () => void;
}

/** The dashboard's top bar (product-spec §2); memoised: a filter change does not touch it. */
export const TopBar = memo(function TopBar({ connections, onChoose, onImport }: Props) {
  const { token } = theme.useToken();
  return (
    <Flex
      gap={12}
      align="center"
      wrap
      style={{
        padding: '10px 16px',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
      }}
    >
      <ConnectionSearch connections={connections} onChoose={onChoose} />
      <div style={{ flex: 1 }} />
      <Button type="primary" icon={<ImportOutlined />} onClick={onImport}>
        Import LinkedIn Connections
      </Button>
      <InviteCollaboratorButton />
      <DarkModeToggle />
    </Flex>
  );
});
