import type { SkippedTargetRow } from '@warmpath/contracts';
import { Collapse } from 'antd';

/** The rows of the file that are no target, with their line and reason. */
export function TargetSkippedRows({ skipped }: { skipped: SkippedTargetRow[] }) {
  if (skipped.length === 0) return null;
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'skipped',
          label: `${skipped.length} skipped ${skipped.length === 1 ? 'row' : 'rows'}`,
          children: (
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {skipped.map((row) => (
                <li key={row.line}>
                  Line {row.line}: {row.message}
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}
