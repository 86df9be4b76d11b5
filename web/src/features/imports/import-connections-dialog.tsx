import { LinkedinOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useOauthProvidersQuery } from '../auth';
import { useToast } from '../../lib/toast/use-toast';
import { CsvImportForm, ExportInstructions } from './csv-import-form';
import { markLinkedinImportPending } from './linkedin-return';
import { useCsvImport } from './use-csv-import';

/** product-spec §4: Connect stores the flag, shows a toast and sends the browser to LinkedIn. */
function ConnectLinkedin() {
  const toast = useToast();
  const { data } = useOauthProvidersQuery();
  const [isConnecting, setConnecting] = useState(false);
  const isConfigured = data?.find((p) => p.provider === 'linkedin')?.configured ?? false;
  const connect = () => {
    setConnecting(true);
    markLinkedinImportPending();
    toast({
      title: 'Connecting to LinkedIn',
      description: 'You will come back here after signing in to LinkedIn.',
    });
    window.location.assign('/auth/linkedin');
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Connecting LinkedIn links your LinkedIn identity to this account. LinkedIn does not give apps your
        list of connections, so import them from your Connections.csv export afterwards.
      </Typography.Paragraph>
      <Button
        icon={<LinkedinOutlined />}
        type="primary"
        disabled={!isConfigured || isConnecting}
        loading={isConnecting}
        onClick={connect}
      >
        {isConnecting ? 'Connecting...' : 'Connect LinkedIn'}
      </Button>
      {!isConfigured && (
        <Typography.Text type="secondary">LinkedIn sign-in is not configured on this server.</Typography.Text>
      )}
    </Flex>
  );
}

/** 'Import LinkedIn Connections' (product-spec §2): the OAuth/CSV dialog, with its own texts (§5, §8). */
export function ImportConnectionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const csvImport = useCsvImport('connections');
  const close = () => {
    if (csvImport.progress.phase === 'done' || csvImport.progress.phase === 'failed') csvImport.reset();
    onClose();
  };
  const items = [
    {
      key: 'csv',
      label: 'Upload CSV',
      children: (
        <Flex vertical gap={12}>
          <ExportInstructions />
          <CsvImportForm csvImport={csvImport} />
        </Flex>
      ),
    },
    { key: 'linkedin', label: 'Connect LinkedIn', children: <ConnectLinkedin /> },
  ];
  return (
    <Modal
      title="Import LinkedIn Connections"
      open={open}
      onCancel={close}
      footer={<Button onClick={close}>Close</Button>}
      width={600}
    >
      <Tabs items={items} />
    </Modal>
  );
}
