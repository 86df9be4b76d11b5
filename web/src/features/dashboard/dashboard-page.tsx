import { Flex, Typography } from 'antd';
import { displayName } from '@warmpath/domain';
import { useAuth } from '../auth/auth-context';

/** The network dashboard (graph, table, filters) lands here with the dashboard issue. */
export function DashboardPage() {
  const { user } = useAuth();
  return (
    <Flex vertical align="center" style={{ padding: 48 }}>
      <Typography.Title level={3}>Welcome, {user ? displayName(user) : 'User'}</Typography.Title>
    </Flex>
  );
}
