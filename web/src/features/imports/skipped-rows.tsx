import type { ImportStatus } from '@warmpath/contracts';
import { Button, Collapse, Flex, List, Typography } from 'antd';
import { reportCsv, reportLines, warningSentences, type ReportLine } from './import-report';

function download(lines: readonly ReportLine[], fileName: string): void {
  const url = URL.createObjectURL(new Blob([reportCsv(lines)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * What happened to the rows the import could not take as they were: skipped rows (line and
 * reason) and warnings (line and what was left out), the first 100 of each listed, the rest
 * counted, the list downloadable as CSV.
 */
export function SkippedRows({ status }: { status: ImportStatus }) {
  const warnings = warningSentences(status);
  const warned = status.warningCounts['invalid-email'] + status.warningCounts['extra-empty-fields'];
  if (status.skipped === 0 && warned === 0) return null;
  const lines = reportLines(status);
  const unlisted = status.skipped + warned - lines.length;
  const label = [
    status.skipped > 0 && `Skipped rows (${status.skipped})`,
    warned > 0 && `Warnings (${warned})`,
  ].filter(Boolean);
  return (
    <Flex vertical gap={4}>
      {warnings.map((sentence) => (
        <Typography.Text key={sentence} type="warning">
          {sentence}
        </Typography.Text>
      ))}
      <Collapse
        size="small"
        items={[
          {
            key: 'report',
            label: label.join(' • '),
            children: (
              <Flex vertical gap={4}>
                <List
                  size="small"
                  style={{ maxHeight: 200, overflowY: 'auto' }}
                  dataSource={lines}
                  renderItem={(row) => (
                    <List.Item>
                      <Typography.Text>
                        Line {row.line}: {row.kind === 'Skipped' ? '' : `${row.kind}. `}
                        {row.reason}
                      </Typography.Text>
                    </List.Item>
                  )}
                />
                {unlisted > 0 && (
                  <Typography.Text type="secondary">…and {unlisted} more rows not listed.</Typography.Text>
                )}
                <Button size="small" onClick={() => download(lines, `import-report-${status.id}.csv`)}>
                  Download the list (CSV)
                </Button>
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
