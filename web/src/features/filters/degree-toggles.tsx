import type { DegreeCounts, NetworkFilters } from '@warmpath/domain';
import { Flex, Switch, Typography } from 'antd';

type Toggles = NetworkFilters['connectionTypes'];

const DEGREES: { key: keyof Toggles; count: keyof DegreeCounts; label: string }[] = [
  { key: 'firstDegree', count: 'first', label: '1st degree' },
  { key: 'secondDegree', count: 'second', label: '2nd degree' },
  { key: 'thirdDegree', count: 'third', label: '3rd degree' },
];

/** Degree toggles with the real number of people each one shows (docs/product.md#dashboard). */
export function DegreeToggles({
  toggles,
  counts,
  onChange,
}: {
  toggles: Toggles;
  counts: DegreeCounts;
  onChange: (next: Toggles) => void;
}) {
  return (
    <Flex vertical gap={6}>
      {DEGREES.map(({ key, count, label }) => (
        <Flex key={key} justify="space-between" align="center">
          <Typography.Text>{label}</Typography.Text>
          <Flex gap={8} align="center">
            <Typography.Text type="secondary" aria-label={`${label} count`}>
              {counts[count].toLocaleString()}
            </Typography.Text>
            <Switch
              size="small"
              aria-label={label}
              checked={toggles[key]}
              onChange={(on) => onChange({ ...toggles, [key]: on })}
            />
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}
