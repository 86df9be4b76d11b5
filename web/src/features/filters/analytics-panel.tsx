import type { NetworkStatsView } from '@warmpath/contracts';
import { Alert, Flex, Skeleton, Typography } from 'antd';
import { memo, useDeferredValue } from 'react';
import { errorMessage } from '../../lib/api/api';
import { NETWORK_FRESHNESS, useGetNetworkStatsQuery } from '../network';
import { BarList, type BarItem } from './bar-list';

const SENIORITY_BANDS: { key: keyof NetworkStatsView['bySeniority']; label: string }[] = [
  { key: 'junior', label: 'Junior' },
  { key: 'mid', label: 'Mid-level' },
  { key: 'managerDirector', label: 'Manager / director' },
  { key: 'executive', label: 'Executive' },
];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function categoryItems(stats: NetworkStatsView): BarItem[] {
  return Object.entries(stats.byCategory)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([category, count]) => ({ label: category === 'hr' ? 'HR' : capitalise(category), count }));
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong style={{ fontSize: 13 }}>
        {title}
      </Typography.Text>
      {children}
    </Flex>
  );
}

/** The analysis part of the sidebar, from GET /api/network/stats (your whole network, not the filtered view). */
export const AnalyticsPanel = memo(function AnalyticsPanel() {
  // The answer arrives in the store's own update, which React renders in one go; its dozens of
  // bars render in a transition instead, in slices.
  const {
    data: stats,
    error,
    isLoading,
  } = useDeferredValue(useGetNetworkStatsQuery(undefined, NETWORK_FRESHNESS));
  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (error || !stats)
    return (
      <Alert type="warning" showIcon title={errorMessage(error, 'Analytics are not available right now')} />
    );
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        {stats.total.toLocaleString()} connections in your network
      </Typography.Text>
      <Section title="Connections per year">
        <BarList
          label="Connections per year"
          items={stats.perYear.map(({ year, count }) => ({ label: String(year), count }))}
        />
      </Section>
      <Section title="Top companies">
        <BarList
          label="Top companies"
          items={stats.topCompanies.map(({ name, count }) => ({ label: name, count }))}
        />
      </Section>
      <Section title="Functions">
        <BarList label="Functions" items={categoryItems(stats)} />
      </Section>
      <Section title="Seniority">
        <BarList
          label="Seniority"
          items={SENIORITY_BANDS.map(({ key, label }) => ({ label, count: stats.bySeniority[key] }))}
        />
      </Section>
    </Flex>
  );
});
