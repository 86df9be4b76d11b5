import { Flex, Switch, Typography } from 'antd';

export interface ChangedFilterProps {
  /** People the latest import added or saw change job. */
  count: number;
  on: boolean;
  onChange: (on: boolean) => void;
}

/**
 * "Changed since last import" (docs/import.md#changed-since-last-import): highlights them in the
 * graph, lists only them in the table.
 */
export function ChangedFilter({ count, on, onChange }: ChangedFilterProps) {
  return (
    <Flex justify="space-between" align="center">
      <Typography.Text>Changed since last import</Typography.Text>
      <Flex gap={8} align="center">
        <Typography.Text type="secondary" aria-label="Changed since last import count">
          {count.toLocaleString()}
        </Typography.Text>
        <Switch size="small" aria-label="Changed since last import" checked={on} onChange={onChange} />
      </Flex>
    </Flex>
  );
}
