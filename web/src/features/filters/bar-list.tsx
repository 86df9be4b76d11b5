import { Flex, Typography, theme } from 'antd';

export interface BarItem {
  label: string;
  count: number;
}

/** A compact horizontal bar chart: label, bar relative to the largest value, count. */
export function BarList({ items, label }: { items: readonly BarItem[]; label: string }) {
  const { token } = theme.useToken();
  const max = Math.max(1, ...items.map((item) => item.count));
  if (items.length === 0) return <Typography.Text type="secondary">No data yet.</Typography.Text>;
  return (
    <Flex vertical gap={3} role="list" aria-label={label}>
      {items.map((item) => (
        <Flex key={item.label} role="listitem" align="center" gap={6} style={{ fontSize: 12 }}>
          <Typography.Text ellipsis style={{ width: 96, fontSize: 12 }} title={item.label}>
            {item.label}
          </Typography.Text>
          <div style={{ flex: 1, height: 8, background: token.colorFillSecondary, borderRadius: 4 }}>
            <div
              style={{
                width: `${(item.count / max) * 100}%`,
                height: '100%',
                background: token.colorPrimary,
                borderRadius: 4,
              }}
            />
          </div>
          <Typography.Text type="secondary" style={{ width: 44, textAlign: 'right', fontSize: 12 }}>
            {item.count.toLocaleString()}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
