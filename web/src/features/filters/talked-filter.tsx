import { Flex, Switch, Typography } from 'antd';

/**
 * "Talked in the last 12 months" (docs/warmth.md#talked-in-the-last-12-months): only the people
 * your LinkedIn archive shows a message with, either way, in the last 365 days. Without an
 * imported archive nobody passes, and the switch says so.
 */
export function TalkedFilter({
  on,
  hasArchive,
  onChange,
}: {
  on: boolean;
  hasArchive: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Flex vertical gap={4}>
      <Flex justify="space-between" align="center">
        <Typography.Text>Talked in the last 12 months</Typography.Text>
        <Switch
          size="small"
          aria-label="Talked in the last 12 months"
          checked={on}
          disabled={!hasArchive && !on}
          onChange={onChange}
        />
      </Flex>
      {!hasArchive && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Import your LinkedIn archive with its messages to use this filter.
        </Typography.Text>
      )}
    </Flex>
  );
}
