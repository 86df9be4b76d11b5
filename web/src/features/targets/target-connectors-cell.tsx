import type { TargetResultRow } from '@warmpath/contracts';
import { Flex, Typography } from 'antd';
import { memo } from 'react';
import { StrengthTag } from '../network';

/** The best connector and the warmth band of their tie. */
export const BestConnectorCell = memo(function BestConnectorCell({
  row,
  nameOf,
}: {
  row: TargetResultRow;
  nameOf: (userId: number) => string;
}) {
  if (!row.bestConnector) return <Typography.Text type="secondary">No way in</Typography.Text>;
  return (
    <Flex gap={6} align="center" wrap>
      <Typography.Text>{nameOf(row.bestConnector.userId)}</Typography.Text>
      {row.warmthBand && <StrengthTag strength={{ band: row.warmthBand }} />}
    </Flex>
  );
});

/** The other members who know people there. */
export const OtherConnectorsCell = memo(function OtherConnectorsCell({
  row,
  nameOf,
}: {
  row: TargetResultRow;
  nameOf: (userId: number) => string;
}) {
  if (row.otherConnectors.length === 0) return null;
  return <Typography.Text>{row.otherConnectors.map((c) => nameOf(c.userId)).join(', ')}</Typography.Text>;
});
