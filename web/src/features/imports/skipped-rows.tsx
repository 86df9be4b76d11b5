import type { SkippedRowReport } from '@warmpath/contracts';
import { Collapse, List, Typography } from 'antd';

/** The rows the import could not use, with line numbers and reasons (first 100 listed, the rest counted). */
export function SkippedRows({ rows, total }: { rows: readonly SkippedRowReport[]; total: number }) {
  if (total === 0) return null;
  const unlisted = total - rows.length;
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'skipped',
          label: `Skipped rows (${total})`,
          children: (
            <>
              <List
                size="small"
                style={{ maxHeight: 200, overflowY: 'auto' }}
                dataSource={[...rows]}
                renderItem={(row) => (
                  <List.Item>
                    <Typography.Text>
                      Line {row.line}: {row.reason}
                    </Typography.Text>
                  </List.Item>
                )}
              />
              {unlisted > 0 && (
                <Typography.Text type="secondary">…and {unlisted} more rows not listed.</Typography.Text>
              )}
            </>
          ),
        },
      ]}
    />
  );
}
