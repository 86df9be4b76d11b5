import type { WarmPathView } from '@warmpath/contracts';
import { Alert, Flex, Progress, Skeleton, Steps, Typography } from 'antd';
import { errorMessage } from '../../lib/api/api';

const percent = (warmth: number) => Math.round(warmth * 100);

/** The warmest introduction path, explained hop by hop (DECISIONS.md). */
export function WarmPathSection({
  path,
  isLoading,
  error,
}: {
  path: WarmPathView | undefined;
  isLoading: boolean;
  error: unknown;
}) {
  if (isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (error)
    return (
      <Alert
        type="warning"
        showIcon
        title={errorMessage(error, 'The introduction path could not be found right now')}
      />
    );
  if (!path) return null;
  if (!path.found)
    return (
      <Typography.Text type="secondary">
        No introduction path to this person was found in your network.
      </Typography.Text>
    );
  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={8}>
        <Typography.Text>Warmth</Typography.Text>
        <Progress
          percent={percent(path.warmth)}
          size="small"
          style={{ flex: 1, margin: 0 }}
          aria-label="Path warmth"
        />
      </Flex>
      <Steps
        orientation="vertical"
        size="small"
        current={path.hops.length}
        aria-label="Path hops"
        items={path.hops.map((hop) => ({
          title: hop.explanation,
          content: `Warmth ${percent(hop.warmth)}%`,
        }))}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        The path is highlighted in the graph.
      </Typography.Text>
    </Flex>
  );
}
