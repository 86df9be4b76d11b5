import { ImportOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Spin, Typography } from 'antd';

/** docs/product.md#graph-and-table: 'Loading network data...' while the network loads. */
export function NetworkLoading() {
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ flex: 1 }} role="status">
      <Spin size="large" />
      <Typography.Text>Loading network data...</Typography.Text>
    </Flex>
  );
}

/**
 * docs/product.md#graph-and-table: 'No connections found', pointing at the 'Import LinkedIn Data'
 * button (where there is one).
 */
export function NetworkEmpty({ onImport }: { onImport?: () => void }) {
  return (
    <Flex vertical align="center" justify="center" style={{ flex: 1 }}>
      <Empty
        description={
          <Flex vertical gap={4}>
            <Typography.Text strong>No connections found</Typography.Text>
            <Typography.Text type="secondary">
              Import your LinkedIn connections with the Import LinkedIn Data button.
            </Typography.Text>
          </Flex>
        }
      >
        {onImport && (
          <Button type="primary" icon={<ImportOutlined />} onClick={onImport}>
            Import LinkedIn Data
          </Button>
        )}
      </Empty>
    </Flex>
  );
}

/** A failed network read: the generic message of docs/product.md#messages, and a retry. */
export function NetworkError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Flex align="center" justify="center" style={{ flex: 1, padding: 24 }}>
      <Alert
        type="error"
        showIcon
        title="Your network could not be loaded"
        description={message}
        action={
          <Button size="small" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    </Flex>
  );
}
