import type { SkippedTargetRow, Target } from '@warmpath/contracts';
import { Alert, Flex, Typography } from 'antd';
import { targetLabel } from './target-labels';

const SHOWN_TARGETS = 5;
const SHOWN_SKIPPED = 20;

/** What a read file or paste will create: how many targets, the first ones, every skipped row. */
export function TargetFilePreview({ targets, skipped }: { targets: Target[]; skipped: SkippedTargetRow[] }) {
  return (
    <Flex vertical gap={8} aria-label="Preview">
      <Typography.Text strong>
        {targets.length} {targets.length === 1 ? 'target' : 'targets'}
        {skipped.length > 0 && `, ${skipped.length} skipped`}
      </Typography.Text>
      <ul aria-label="First targets" style={{ margin: 0, paddingInlineStart: 18 }}>
        {targets.slice(0, SHOWN_TARGETS).map((target) => (
          <li key={target.line}>
            <Typography.Text type="secondary">Line {target.line}</Typography.Text> {targetLabel(target)}
          </li>
        ))}
      </ul>
      {skipped.length > 0 && (
        <Alert
          type="warning"
          title={`Skipped rows (${skipped.length})`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {skipped.slice(0, SHOWN_SKIPPED).map((row) => (
                <li key={row.line}>
                  Line {row.line}: {row.message}
                </li>
              ))}
              {skipped.length > SHOWN_SKIPPED && <li>and {skipped.length - SHOWN_SKIPPED} more</li>}
            </ul>
          }
        />
      )}
    </Flex>
  );
}
