import type { User } from '@warmpath/contracts';
import { Alert, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { serverMessage } from '../../lib/api/api';
import { useListUsersQuery } from '../auth';

/** 'Created' in the viewer's local date-time, or 'N/A' (product-spec §2). */
export function formatCreated(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleString();
}

const columns: TableColumnsType<User> = [
  // Newest accounts first: the ones an admin is most likely looking for.
  { title: 'ID', dataIndex: 'id', width: 80, sorter: (a, b) => a.id - b.id, defaultSortOrder: 'descend' },
  { title: 'Username', dataIndex: 'username' },
  { title: 'Name', key: 'name', render: (_, u) => `${u.firstName} ${u.lastName}`.trim() },
  { title: 'Email', dataIndex: 'email' },
  {
    title: 'LinkedIn',
    key: 'linkedin',
    render: (_, u) => (u.linkedinId ? <Tag color="blue">Connected</Tag> : <Tag>Not Connected</Tag>),
  },
  { title: 'Created', dataIndex: 'createdAt', render: (v: string | null) => formatCreated(v) },
];

export function AdminPage() {
  const { data, isLoading, error } = useListUsersQuery();
  return (
    <Card style={{ margin: 24 }}>
      <Typography.Title level={3}>Admin Dashboard</Typography.Title>
      {error ? (
        <Alert type="error" title={serverMessage(error) ?? 'Failed to load users'} />
      ) : (
        <Table<User>
          rowKey="id"
          loading={isLoading}
          columns={columns}
          dataSource={data ?? []}
          locale={{ emptyText: 'No users found' }}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: true }}
        />
      )}
    </Card>
  );
}
