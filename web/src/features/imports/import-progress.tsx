import type { ImportState, ImportStatus } from '@warmpath/contracts';
import { Alert, Flex, Progress, Steps, Typography } from 'antd';
import { Link } from 'react-router';
import { AbsentRemoval } from './absent-removal';
import { changesSummary, isReimport } from './import-changes';
import { importedSummary } from './import-messages';
import { SkippedRows } from './skipped-rows';
import type { ImportProgress } from './use-csv-import';

const STEPS: { state: ImportState; title: string }[] = [
  { state: 'queued', title: 'Queued' },
  { state: 'parsing', title: 'Reading' },
  { state: 'saving', title: 'Saving' },
  { state: 'linking', title: 'Linking companies' },
  { state: 'completed', title: 'Done' },
];

/** One formatter (Number#toLocaleString builds a new one per call, and progress renders often). */
const numbers = new Intl.NumberFormat();

function Counters({ status }: { status: ImportStatus }) {
  const parts = [
    `Rows read: ${numbers.format(status.rowsRead)}`,
    `New: ${numbers.format(status.imported)}`,
    `Updated: ${numbers.format(status.updated)}`,
    `Unchanged: ${numbers.format(status.unchanged)}`,
    `Skipped: ${numbers.format(status.skipped)}`,
  ];
  const warned = status.warningCounts['invalid-email'] + status.warningCounts['extra-empty-fields'];
  if (warned > 0) parts.push(`Warnings: ${numbers.format(warned)}`);
  return <Typography.Text aria-label="Import counters">{parts.join(' • ')}</Typography.Text>;
}

function ProcessingSteps({ status }: { status: ImportStatus | undefined }) {
  const state = status?.state ?? 'queued';
  const current = state === 'failed' ? -1 : STEPS.findIndex((step) => step.state === state);
  return (
    <Steps
      size="small"
      current={current}
      status={state === 'failed' ? 'error' : undefined}
      items={STEPS.map(({ title }) => ({ title }))}
    />
  );
}

/** What the import is doing now: upload percent, then the worker's state and counters, then the result. */
export function ImportProgressView({
  progress,
  status,
}: {
  progress: ImportProgress;
  status: ImportStatus | undefined;
}) {
  switch (progress.phase) {
    case 'idle':
      return null;
    case 'uploading':
      return (
        <Flex vertical gap={4}>
          <Typography.Text>Uploading… {progress.percent}%</Typography.Text>
          <Progress percent={progress.percent} aria-label="Upload progress" />
        </Flex>
      );
    case 'processing':
    case 'refreshing':
      return (
        <Flex vertical gap={8}>
          <Progress percent={100} aria-label="Upload progress" />
          <ProcessingSteps status={status} />
          {status && <Counters status={status} />}
          {progress.phase === 'refreshing' && (
            <Typography.Text type="secondary">Refreshing your network…</Typography.Text>
          )}
        </Flex>
      );
    case 'done':
      return (
        <Flex vertical gap={8}>
          <Alert
            type="success"
            showIcon
            title={progress.counts ? importedSummary(progress.counts) : 'Import complete.'}
          />
          {status && isReimport(status) && (
            <Alert
              type="info"
              showIcon
              title={changesSummary(status)}
              description={<Link to={`/imports?import=${status.id}`}>See what changed</Link>}
            />
          )}
          {status && isReimport(status) && <AbsentRemoval importId={status.id} />}
          {status && <Counters status={status} />}
          {status && <SkippedRows status={status} />}
        </Flex>
      );
    case 'failed':
      return (
        <Flex vertical gap={8}>
          <Alert type="error" showIcon title="The import did not complete" description={progress.message} />
          {status && <SkippedRows status={status} />}
        </Flex>
      );
  }
}
