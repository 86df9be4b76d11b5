import type { ImportStatus } from '@warmpath/contracts';
import { Alert, Card, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api/api';
import { AbsentRemoval } from './absent-removal';
import { changesSummary, isReimport } from './import-changes';
import { ImportChangesPanel } from './import-changes-panel';
import { useListImportsQuery } from './imports.api';

const dates = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const COLUMNS: TableColumnsType<ImportStatus> = [
  { title: 'Date', dataIndex: 'createdAt', render: (value: string) => dates.format(new Date(value)) },
  { title: 'File', dataIndex: 'fileName' },
  {
    title: 'Result',
    render: (_, status) =>
      status.state === 'failed'
        ? `Failed: ${status.error?.message ?? 'unknown error'}`
        : status.state !== 'completed'
          ? 'In progress'
          : isReimport(status)
            ? changesSummary(status)
            : `First import: ${status.imported} connections`,
  },
  { title: 'New', dataIndex: 'imported', align: 'right' },
  { title: 'Updated', dataIndex: 'updated', align: 'right' },
  { title: 'Unchanged', dataIndex: 'unchanged', align: 'right' },
  { title: 'Skipped', dataIndex: 'skipped', align: 'right' },
];

/** /imports: every import of the user, newest first, and what the chosen one changed. */
export function ImportHistoryPage() {
  const { data, error, isLoading } = useListImportsQuery();
  const [search, setSearch] = useSearchParams();
  const imports = data?.imports ?? [];
  const chosen = imports.find((status) => status.id === search.get('import')) ?? imports.find(isShown);
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Import history
      </Typography.Title>
      {error && (
        <Alert
          type="error"
          showIcon
          title="Your imports could not be loaded"
          description={errorMessage(error)}
        />
      )}
      <Table<ImportStatus>
        rowKey="id"
        size="small"
        loading={isLoading}
        columns={COLUMNS}
        dataSource={imports}
        pagination={false}
        locale={{ emptyText: 'No imports yet. Import your LinkedIn connections from the dashboard.' }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: chosen ? [chosen.id] : [],
          onChange: ([id]) => setSearch(id ? { import: String(id) } : {}),
        }}
      />
      {chosen && isShown(chosen) && (
        <Card
          size="small"
          title={`What changed with ${chosen.fileName} (${dates.format(new Date(chosen.createdAt))})`}
        >
          <Flex vertical gap={12}>
            <AbsentRemoval key={`removal-${chosen.id}`} importId={chosen.id} />
            <ImportChangesPanel key={chosen.id} importId={chosen.id} />
          </Flex>
        </Card>
      )}
    </Flex>
  );
}

/** Imports with changes to show: completed re-imports (a first import has no earlier export). */
const isShown = (status: ImportStatus): boolean => status.state === 'completed' && isReimport(status);
