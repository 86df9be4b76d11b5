import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { LEGEND, LEGEND_SIZES } from './person-style';

const hex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

/** The line widths the legend shows: a weak tie's link and a strong one's (GRAPH.weightedLinkWidth). */
const LEGEND_LINES = [
  { label: 'Weak', width: 1 },
  { label: 'Strong', width: 4 },
] as const;

/**
 * 'Network Legend' (docs/product.md#graph-and-table): colours, sizes and line widths (a knows
 * link's width is its tie's strength, docs/warmth.md#on-screen), collapsible, expanded by
 * default. A workspace's pooled network also shows its teammates' colour.
 */
export function NetworkLegend({ isPooled = false }: { isPooled?: boolean }) {
  const [isExpanded, setExpanded] = useState(true);
  return (
    <Card
      size="small"
      style={{
        position: 'absolute',
        top: 12,
        left: 12,
        zIndex: 4,
        width: isExpanded ? 210 : undefined,
        opacity: 0.95,
      }}
      styles={{ body: { padding: 8 } }}
    >
      <Button
        type="text"
        size="small"
        aria-expanded={isExpanded}
        icon={isExpanded ? <DownOutlined /> : <RightOutlined />}
        onClick={() => setExpanded(!isExpanded)}
        style={{ fontWeight: 600, paddingInline: 4 }}
      >
        Network Legend
      </Button>
      {isExpanded && (
        <Flex vertical gap={4} style={{ marginTop: 6 }}>
          {LEGEND.filter((entry) => isPooled || !entry.isPooled).map((entry) => (
            <Flex key={entry.category} gap={8} align="center">
              <span
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  background: hex(entry.color),
                  display: 'inline-block',
                }}
              />
              <Typography.Text style={{ fontSize: 12 }}>{entry.label}</Typography.Text>
            </Flex>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12, marginTop: 4 }}>
            Size: seniority
          </Typography.Text>
          <Flex gap={10} align="center">
            {LEGEND_SIZES.map((entry) => (
              <Flex key={entry.label} vertical align="center" gap={2}>
                <span
                  style={{
                    width: Math.sqrt(entry.size) * 4,
                    height: Math.sqrt(entry.size) * 4,
                    borderRadius: '50%',
                    border: '1px solid currentColor',
                    display: 'inline-block',
                  }}
                />
                <Typography.Text style={{ fontSize: 11 }}>{entry.label}</Typography.Text>
              </Flex>
            ))}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12, marginTop: 4 }}>
            Line: thicker = stronger relationship
          </Typography.Text>
          <Flex gap={10} align="center">
            {LEGEND_LINES.map((entry) => (
              <Flex key={entry.label} gap={4} align="center">
                <span
                  data-testid={`legend-line-${entry.label.toLowerCase()}`}
                  style={{
                    width: 24,
                    height: entry.width,
                    background: 'currentColor',
                    display: 'inline-block',
                  }}
                />
                <Typography.Text style={{ fontSize: 11 }}>{entry.label}</Typography.Text>
              </Flex>
            ))}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
