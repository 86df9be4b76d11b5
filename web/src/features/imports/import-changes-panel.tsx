import type { ImportChangeKind } from '@warmpath/contracts';
import { Alert, Flex, List, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/api';
import { describeChange, scoreMove } from './import-changes';
import { useGetImportChangesQuery } from './imports.api';

const PAGE_SIZE = 50;
type Filter = 'all' | ImportChangeKind;

/**
 * What one import changed, by kind, page by page: who is new, who moved where, whose tie the newer
 * archive made stronger or weaker, who is missing.
 */
export function ImportChangesPanel({ importId }: { importId: string }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const { data, error, isFetching } = useGetImportChangesQuery({
    importId,
    kind: filter === 'all' ? undefined : filter,
    page,
    pageSize: PAGE_SIZE,
  });
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        title="The changes could not be loaded"
        description={errorMessage(error)}
      />
    );
  const counts = data?.counts ?? { new: 0, 'job-change': 0, 'strength-change': 0, absent: 0 };
  return (
    <Flex vertical gap={8} aria-label="Changes of this import">
      <Segmented<Filter>
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
        options={[
          { value: 'all', label: 'All' },
          { value: 'new', label: `New (${counts.new})` },
          { value: 'job-change', label: `Job changes (${counts['job-change']})` },
          { value: 'strength-change', label: `Strength changed (${counts['strength-change']})` },
          { value: 'absent', label: `Not in your latest export (${counts.absent})` },
        ]}
      />
      <List
        size="small"
        loading={isFetching}
        dataSource={data?.changes ?? []}
        locale={{
          emptyText:
            filter === 'strength-change'
              ? 'No tie changed its strength band with this archive.'
              : 'No changes: this export had the same people in the same jobs.',
        }}
        pagination={
          data && data.total > PAGE_SIZE
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: data.total,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
        renderItem={(change) => (
          <List.Item>
            <Typography.Text title={change.strength ? scoreMove(change.strength) : undefined}>
              {describeChange(change)}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Flex>
  );
}
