import { FilterOutlined, LeftOutlined } from '@ant-design/icons';
import type { Connection } from '@warmpath/contracts';
import { attributeOptions, companyOptions, type DegreeCounts, type NetworkFilters } from '@warmpath/domain';
import { Button, Divider, Flex, Tooltip, Typography, theme } from 'antd';
import { useContext, useMemo, type ReactNode } from 'react';
import { datasetInfo } from '../network';
import { HeldNetworkContext } from '../network';
import { AnalyticsPanel } from './analytics-panel';
import { AttributeSelect } from './attribute-select';
import { ChangedFilter, type ChangedFilterProps } from './changed-filter';
import { CompanyFilter } from './company-filter';
import { DegreeToggles } from './degree-toggles';
import { TalkedFilter } from './talked-filter';
import { WarmthCard } from './warmth-card';
import { YearsFilter } from './years-filter';

/** docs/product.md#dashboard: the filters panel is 288 px wide. */
export const SIDEBAR_WIDTH = 288;
const COLLAPSED_WIDTH = 48;

interface Props {
  connections: readonly Connection[];
  filters: NetworkFilters;
  degreeCounts: DegreeCounts;
  onChange: (patch: Partial<NetworkFilters>) => void;
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  /** Your own network after a re-import: the "changed since last import" toggle. */
  changes?: ChangedFilterProps;
  /** Opens a person's details (the relationships card's names). */
  onSelectPerson?: (person: Connection) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** 'Filters & Analysis' (docs/product.md#dashboard): collapsible, starts collapsed. */
export function FiltersSidebar(props: Props) {
  const { token } = theme.useToken();
  const { collapsed, onCollapsedChange } = props;
  const style = {
    width: collapsed ? COLLAPSED_WIDTH : SIDEBAR_WIDTH,
    flex: 'none',
    borderRight: `1px solid ${token.colorBorderSecondary}`,
    background: token.colorBgContainer,
    overflowY: 'auto' as const,
  };
  if (collapsed) {
    return (
      <aside
        style={{ ...style, display: 'flex', justifyContent: 'center', paddingTop: 12 }}
        aria-label="Filters & Analysis"
      >
        <Tooltip title="Filters & Analysis" placement="right">
          <Button
            aria-label="Expand Filters & Analysis"
            icon={<FilterOutlined />}
            onClick={() => onCollapsedChange(false)}
          />
        </Tooltip>
      </aside>
    );
  }
  return (
    <aside style={{ ...style, padding: 16 }} aria-label="Filters & Analysis">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Filters &amp; Analysis
        </Typography.Title>
        <Button
          type="text"
          aria-label="Collapse Filters & Analysis"
          icon={<LeftOutlined />}
          onClick={() => onCollapsedChange(true)}
        />
      </Flex>
      <SidebarContent {...props} />
    </aside>
  );
}

/** The open sidebar; its option lists are only worked out while it is open (30,000 people are a cost). */
function SidebarContent({ connections, filters, degreeCounts, onChange, changes, onSelectPerson }: Props) {
  // The data worker worked the lists out when it read the network; a network built here is read here.
  const held = datasetInfo(useContext(HeldNetworkContext))?.options;
  const companies = useMemo(() => held?.companies ?? companyOptions(connections), [held, connections]);
  const industries = useMemo(
    () => held?.industries ?? attributeOptions(connections, 'industry'),
    [held, connections],
  );
  const locations = useMemo(
    () => held?.locations ?? attributeOptions(connections, 'location'),
    [held, connections],
  );
  const hasArchive = useMemo(() => connections.some((c) => c.signals !== undefined), [connections]);
  return (
    <>
      {changes && (
        <>
          <Section title="Your latest import">
            <ChangedFilter {...changes} />
          </Section>
          <Divider style={{ margin: '16px 0' }} />
        </>
      )}
      <Section title="Connection degree">
        <DegreeToggles
          toggles={filters.connectionTypes}
          counts={degreeCounts}
          onChange={(connectionTypes) => onChange({ connectionTypes })}
        />
      </Section>
      <Divider style={{ margin: '16px 0' }} />
      <Section title="Relationship">
        <TalkedFilter
          on={filters.talkedRecently}
          hasArchive={hasArchive}
          onChange={(talkedRecently) => onChange({ talkedRecently })}
        />
      </Section>
      <Divider style={{ margin: '16px 0' }} />
      <Section title="Companies">
        <CompanyFilter
          companies={companies}
          selected={filters.selectedCompanies}
          onChange={(selectedCompanies) => onChange({ selectedCompanies })}
        />
      </Section>
      <Divider style={{ margin: '16px 0' }} />
      <Section title="Years of connection">
        <YearsFilter
          range={filters.yearsOfConnectionRange}
          onChange={(yearsOfConnectionRange) => onChange({ yearsOfConnectionRange })}
        />
      </Section>
      <Divider style={{ margin: '16px 0' }} />
      <Flex vertical gap={12}>
        <AttributeSelect
          label="Industry"
          allLabel="All industries"
          options={industries}
          value={filters.industry}
          onChange={(industry) => onChange({ industry })}
        />
        <AttributeSelect
          label="Location"
          allLabel="All locations"
          options={locations}
          value={filters.location}
          onChange={(location) => onChange({ location })}
        />
      </Flex>
      <Divider style={{ margin: '16px 0' }} />
      {hasArchive && onSelectPerson && (
        <>
          <Section title="Your relationships">
            <WarmthCard connections={connections} onSelect={onSelectPerson} />
          </Section>
          <Divider style={{ margin: '16px 0' }} />
        </>
      )}
      <Section title="Analysis">
        <AnalyticsPanel />
      </Section>
    </>
  );
}
