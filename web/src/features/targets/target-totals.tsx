import type { TargetListResults } from '@warmpath/contracts';
import { Card, Flex, Progress, Statistic, Typography } from 'antd';

const SHOWN_CONNECTORS = 5;

/**
 * The list's coverage over every row (docs/targets.md#totals): "142 of 300 targets have a way in",
 * by the warmth band of the best tie, and by connector ("Alice opens 41 of your 300 accounts").
 */
export function TargetTotals({
  results,
  nameOf,
}: {
  results: TargetListResults;
  nameOf: (userId: number) => string;
}) {
  const total = results.list.targetCount;
  const covered = results.totals?.covered ?? results.coveredCount;
  const byBand = results.totals?.byBand;
  const byConnector = results.totals?.byConnector ?? [];
  const percent = total === 0 ? 0 : Math.round((covered / total) * 100);
  return (
    <Card size="small" aria-label="Totals">
      <Flex gap={32} wrap align="center">
        <Flex vertical gap={4}>
          <Typography.Text strong>
            {covered} of {total} targets have a way in
          </Typography.Text>
          <Progress percent={percent} style={{ width: 240 }} />
        </Flex>
        {byBand && (
          <Flex gap={24}>
            <Statistic title="Strong" value={byBand.strong} />
            <Statistic title="Medium" value={byBand.medium} />
            <Statistic title="Weak" value={byBand.weak} />
          </Flex>
        )}
        {byConnector.length > 0 && (
          <Flex vertical gap={2}>
            {byConnector.slice(0, SHOWN_CONNECTORS).map(({ userId, targets }) => (
              <Typography.Text key={userId}>
                {nameOf(userId)} {nameOf(userId) === 'You' ? 'open' : 'opens'} {targets} of your {total}{' '}
                accounts
              </Typography.Text>
            ))}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
