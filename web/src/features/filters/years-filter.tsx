import { YEARS_RANGE_MAX, YEARS_RANGE_MIN } from '@warmpath/domain';
import { Flex, InputNumber, Typography } from 'antd';

type Range = readonly [number, number];

/**
 * Years of connection: two numbers between 0 and 20, default 0 to 20 (docs/product.md#dashboard, no
 * other check).
 */
export function YearsFilter({ range, onChange }: { range: Range; onChange: (next: Range) => void }) {
  const [min, max] = range;
  const toNumber = (value: number | null, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return (
    <Flex gap={8} align="center">
      <InputNumber
        aria-label="Minimum years connected"
        min={YEARS_RANGE_MIN}
        max={YEARS_RANGE_MAX}
        value={min}
        onChange={(value) => onChange([toNumber(value, YEARS_RANGE_MIN), max])}
        style={{ width: 80 }}
      />
      <Typography.Text type="secondary">to</Typography.Text>
      <InputNumber
        aria-label="Maximum years connected"
        min={YEARS_RANGE_MIN}
        max={YEARS_RANGE_MAX}
        value={max}
        onChange={(value) => onChange([min, toNumber(value, YEARS_RANGE_MAX)])}
        style={{ width: 80 }}
      />
      <Typography.Text type="secondary">years</Typography.Text>
    </Flex>
  );
}
