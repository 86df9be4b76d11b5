import { Flex } from 'antd';
import { useCallback, useState } from 'react';
import { ImportConnectionsDialog } from '../imports';
import { ImportDataDialog } from '../imports';
import { useLinkedinReturn } from '../imports';
import { OWN_NETWORK } from '../network';
import { NetworkExplorer, type NetworkExplorerProps } from '../explorer';
import { TopBar } from './top-bar';

type OpenDialog = 'connections' | 'data' | null;

/** The network dashboard (product-spec §2 "/"): top bar, filters, graph or table, details, imports. */
export function DashboardPage() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  useLinkedinReturn(useCallback(() => setDialog('connections'), []));
  const openConnectionsDialog = useCallback(() => setDialog('connections'), []);
  const openDataDialog = useCallback(() => setDialog('data'), []);
  const renderTopBar = useCallback<NetworkExplorerProps['renderTopBar']>(
    ({ connections, onChoose }) => (
      <TopBar connections={connections} onChoose={onChoose} onImport={openConnectionsDialog} />
    ),
    [openConnectionsDialog],
  );

  return (
    <Flex vertical style={{ height: 'calc(100vh - 64px)' }}>
      <NetworkExplorer source={OWN_NETWORK} renderTopBar={renderTopBar} onImport={openDataDialog} />
      <ImportConnectionsDialog open={dialog === 'connections'} onClose={() => setDialog(null)} />
      <ImportDataDialog open={dialog === 'data'} onClose={() => setDialog(null)} />
    </Flex>
  );
}
