import type { TargetList } from '@warmpath/contracts';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatDate } from '../network';
import { canChangeTargetList } from './target-permissions';
import { TargetListActions } from './target-list-actions';
import { targetListPath } from './target-scope';
import type { TargetsContext } from './use-targets-context';

/** The lists of one scope, newest first as the server answers them. */
export function TargetListsTable({ lists, context }: { lists: TargetList[]; context: TargetsContext }) {
  const columns: TableColumnsType<TargetList> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, list) => (
        <Flex gap={8} align="center" wrap>
          <Link to={targetListPath({ teamId: list.teamId, listId: list.id })}>{list.name}</Link>
          {(list.newWaysIn ?? 0) > 0 && (
            <Tag color="green">
              {list.newWaysIn} new {list.newWaysIn === 1 ? 'way' : 'ways'} in
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      title: 'Source',
      key: 'source',
      render: (_, list) => list.sourceName ?? <Typography.Text type="secondary">Pasted</Typography.Text>,
    },
    { title: 'Targets', dataIndex: 'targetCount', key: 'targets', align: 'right' },
    { title: 'Skipped', dataIndex: 'skippedCount', key: 'skipped', align: 'right' },
    {
      title: 'Created',
      key: 'created',
      render: (_, list) => `${context.nameOf(list.createdBy)}, ${formatDate(list.createdAt)}`,
    },
    {
      title: '',
      key: 'actions',
      render: (_, list) =>
        canChangeTargetList(list, context.viewerId, context.role) ? <TargetListActions list={list} /> : null,
    },
  ];
  return (
    <Table<TargetList>
      rowKey="id"
      columns={columns}
      dataSource={lists}
      pagination={false}
      locale={{ emptyText: 'No target lists yet. Upload the accounts you want to reach.' }}
    />
  );
}
