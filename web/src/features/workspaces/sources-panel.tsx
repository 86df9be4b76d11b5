import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { BULK_MESSAGES, isTerminalImportState, type WorkspaceSource } from '@warmpath/contracts';
import { Alert, Button, Card, List, Progress, Tag, Typography } from 'antd';
import { useDeferredValue, useRef, type ChangeEvent } from 'react';
import { errorMessage } from '../../lib/api/api';
import {
  useClaimSourceMutation,
  useDeleteSourceMutation,
  useListSourcesQuery,
  useUploadExportsMutation,
} from './sources.api';

interface Props {
  teamId: number;
  /** Owners and admins upload and delete; everyone sees the list and may claim their own. */
  canManage: boolean;
}

const POLL_MS = 2000;

/** "Uploaded exports": the workspace's sources with each one's latest import, live while running. */
export function SourcesPanel({ teamId, canManage }: Props) {
  const input = useRef<HTMLInputElement>(null);
  // A deferred value: the list's first render with its answer is sliced, not one long task
  // (docs/performance.md#the-workspace-screens-first-picture).
  const sources = useDeferredValue(useListSourcesQuery(teamId));
  const running = (sources.data ?? []).some(isImporting);
  useListSourcesQuery(teamId, { pollingInterval: running ? POLL_MS : 0, skip: !running });
  const [upload, uploading] = useUploadExportsMutation();
  const [remove, removing] = useDeleteSourceMutation();
  const [claim, claiming] = useClaimSourceMutation();

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length > 0) void upload({ teamId, files });
  };

  if (!canManage && !(sources.data ?? []).length) return null;
  return (
    <Card
      title="Uploaded exports"
      extra={
        canManage && (
          <>
            <input
              ref={input}
              type="file"
              multiple
              accept=".csv,.zip,text/csv,application/zip"
              aria-label="Export files"
              style={{ display: 'none' }}
              onChange={onFiles}
            />
            <Button
              icon={<UploadOutlined />}
              loading={uploading.isLoading}
              onClick={() => input.current?.click()}
            >
              Upload exports
            </Button>
          </>
        )
      }
    >
      {uploading.error && <Alert type="error" title={errorMessage(uploading.error)} />}
      {claiming.error && <Alert type="error" title={errorMessage(claiming.error)} />}
      {removing.error && <Alert type="error" title={errorMessage(removing.error)} />}
      <List
        dataSource={sources.data ?? []}
        locale={{ emptyText: 'No exports uploaded yet' }}
        renderItem={(source) => (
          <List.Item
            actions={[
              source.claimable && (
                <Button
                  key="claim"
                  type="primary"
                  onClick={() => void claim({ teamId, sourceId: source.id })}
                >
                  Claim
                </Button>
              ),
              canManage && (
                <Button
                  key="delete"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Delete ${source.label}`}
                  // The server refuses it too (409) until the import has finished.
                  disabled={isImporting(source)}
                  title={isImporting(source) ? BULK_MESSAGES.sourceBusy : undefined}
                  onClick={() => void remove({ teamId, sourceId: source.id })}
                />
              ),
            ].filter(Boolean)}
          >
            <List.Item.Meta
              title={source.label}
              description={
                <>
                  {source.claimable && <Typography.Text strong>{BULK_MESSAGES.claimPrompt}</Typography.Text>}
                  <SourceProgress source={source} />
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

const isImporting = (source: WorkspaceSource): boolean =>
  !!source.latest && !isTerminalImportState(source.latest.status);

function SourceProgress({ source }: { source: WorkspaceSource }) {
  const latest = source.latest;
  if (!latest) return null;
  if (latest.status === 'failed')
    return (
      <div>
        <Tag color="error">Failed</Tag> {latest.error?.message}
      </div>
    );
  const counts = latest.counts;
  if (latest.status !== 'completed')
    return (
      <div>
        <Tag color="processing">{latest.status}</Tag> {counts?.rowsRead ?? 0} rows read
        <Progress percent={100} status="active" showInfo={false} size="small" />
      </div>
    );
  return (
    <div>
      <Tag color="success">Completed</Tag> {counts?.imported ?? 0} new, {counts?.updated ?? 0} updated,{' '}
      {counts?.unchanged ?? 0} unchanged, {counts?.skipped ?? 0} skipped ({latest.fileName})
    </div>
  );
}
