import type { WarmPathHopView, WarmPathView } from '@warmpath/contracts';
import { Alert, Flex, Progress, Skeleton, Steps, Typography } from 'antd';
import { errorMessage } from '../../lib/api/api';
import { StrengthTag } from '../network';

const percent = (warmth: number) => Math.round(warmth * 100);

/**
 * Under a hop's explanation: its band (when the knower shares it), its warmth, and the rest of
 * what the archive says of the tie, each with its source file (docs/warmth.md#the-model).
 */
function HopDetails({ hop }: { hop: WarmPathHopView }) {
  const more = (hop.relationship ?? []).filter((fact) => fact.text !== hop.explanation);
  return (
    <Flex vertical gap={2}>
      <Flex gap={6} align="center" wrap>
        {hop.band && <StrengthTag strength={{ band: hop.band }} />}
        <Typography.Text type="secondary">Warmth {percent(hop.warmth)}%</Typography.Text>
      </Flex>
      {more.map((fact) => (
        <Typography.Text key={fact.text} type="secondary" style={{ fontSize: 12 }}>
          {fact.text}
          {fact.source ? ` (${fact.source})` : ''}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** The warmest introduction path, explained hop by hop (docs/product.md#warm-paths). */
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
          content: <HopDetails hop={hop} />,
        }))}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        The path is highlighted in the graph.
      </Typography.Text>
    </Flex>
  );
}
