import { Flex, Select, Typography } from 'antd';

interface Props {
  label: 'Industry' | 'Location';
  allLabel: string;
  options: readonly string[];
  value: string | null;
  onChange: (value: string | null) => void;
}

const ALL = '__all__';

/**
 * Industry or Location (docs/product.md#dashboard): lists only values present in the data and
 * filters on them; disabled, saying why, when the imported data has no such column.
 */
export function AttributeSelect({ label, allLabel, options, value, onChange }: Props) {
  const isEmpty = options.length === 0;
  return (
    <Flex vertical gap={4}>
      <Select
        aria-label={label}
        disabled={isEmpty}
        value={value ?? ALL}
        onChange={(next: string) => onChange(next === ALL ? null : next)}
        options={[
          { value: ALL, label: allLabel },
          ...options.map((option) => ({ value: option, label: option })),
        ]}
        showSearch={options.length > 10}
        style={{ width: '100%' }}
      />
      {isEmpty && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Your imported data has no {label.toLowerCase()} column, so there is nothing to filter by yet.
        </Typography.Text>
      )}
    </Flex>
  );
}
