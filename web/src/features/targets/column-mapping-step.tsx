import { TARGET_FIELDS, type ColumnMapping, type TargetField } from '@warmpath/contracts';
import { Alert, Flex, Select, Typography } from 'antd';
import { FIELD_LABELS } from './target-labels';

const IGNORE = 'ignore';
const OPTIONS = [
  ...TARGET_FIELDS.map((field) => ({ value: field, label: FIELD_LABELS[field] })),
  { value: IGNORE, label: 'Ignore' },
];

/** The mapping with column `index` holding `field` (and no other column holding it), or nothing. */
export function assignColumn(mapping: ColumnMapping, index: number, field: TargetField | typeof IGNORE) {
  const columns: ColumnMapping['columns'] = {};
  for (const [name, column] of Object.entries(mapping.columns) as [TargetField, number][]) {
    if (column !== index && name !== field) columns[name] = column;
  }
  if (field !== IGNORE) columns[field] = index;
  return { ...mapping, columns, unsure: false, doubts: [] };
}

/**
 * The mapping step, shown when the columns were not recognised surely (docs/targets.md#columns):
 * one select per column, with the reader's doubts above.
 */
export function ColumnMappingStep({
  header,
  mapping,
  doubts,
  onChange,
}: {
  header: string[];
  mapping: ColumnMapping;
  doubts: string[];
  onChange: (mapping: ColumnMapping) => void;
}) {
  const used = Object.values(mapping.columns).filter((index): index is number => index !== undefined);
  const count = Math.max(header.length, ...used.map((index) => index + 1), 1);
  const fieldOf = (index: number) =>
    (Object.entries(mapping.columns) as [TargetField, number][]).find(
      ([, column]) => column === index,
    )?.[0] ?? IGNORE;
  return (
    <Flex vertical gap={8} aria-label="Column mapping">
      <Typography.Text strong>Check the columns</Typography.Text>
      {doubts.length > 0 && (
        <Alert
          type="info"
          title="We were not sure about these columns"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {doubts.map((doubt) => (
                <li key={doubt}>{doubt}</li>
              ))}
            </ul>
          }
        />
      )}
      {Array.from({ length: count }, (_, index) => {
        const name = header[index]?.trim() || `Column ${index + 1}`;
        return (
          <Flex key={index} gap={8} align="center" justify="space-between">
            <Typography.Text ellipsis style={{ maxWidth: 220 }}>
              {name}
            </Typography.Text>
            <Select
              aria-label={`Column ${name}`}
              style={{ width: 200 }}
              value={fieldOf(index)}
              options={OPTIONS}
              onChange={(field: TargetField | typeof IGNORE) => onChange(assignColumn(mapping, index, field))}
            />
          </Flex>
        );
      })}
    </Flex>
  );
}
