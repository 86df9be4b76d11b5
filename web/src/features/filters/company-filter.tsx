import type { CompanySummary } from '@warmpath/contracts';
import { Button, Checkbox, Flex, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { isCompanySelected, SIDEBAR_TOP_COMPANIES, toggleCompany, visibleCompanies } from '@warmpath/domain';

/** Longest list drawn at once; a search narrows anything beyond it. */
const MAX_LISTED = 300;

interface Props {
  companies: readonly CompanySummary[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** Top 6 companies, or every match of the company search, or all with 'Show all companies' (§2). */
export function CompanyFilter({ companies, selected, onChange }: Props) {
  const [search, setSearch] = useState('');
  const [showAll, setShowAll] = useState(false);
  const shown = useMemo(() => visibleCompanies(companies, search, showAll), [companies, search, showAll]);
  const listed = shown.slice(0, MAX_LISTED);
  return (
    <Flex vertical gap={8}>
      <Input.Search
        allowClear
        placeholder="Search companies..."
        aria-label="Search companies"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {companies.length === 0 && (
        <Typography.Text type="secondary">No companies in your network yet.</Typography.Text>
      )}
      {search.trim() && shown.length === 0 && (
        <Typography.Text type="secondary">No company matches your search.</Typography.Text>
      )}
      <Flex
        vertical
        gap={4}
        style={{ maxHeight: 260, overflowY: 'auto' }}
        role="group"
        aria-label="Companies"
      >
        {listed.map((company) => (
          <Checkbox
            key={company.key}
            checked={isCompanySelected(selected, company.name)}
            onChange={() => onChange(toggleCompany(selected, company.name))}
          >
            {company.name}{' '}
            <Typography.Text type="secondary">({company.count.toLocaleString()})</Typography.Text>
          </Checkbox>
        ))}
        {shown.length > listed.length && (
          <Typography.Text type="secondary">
            …{(shown.length - listed.length).toLocaleString()} more: search to find them.
          </Typography.Text>
        )}
      </Flex>
      <Flex gap={8} wrap>
        {!search.trim() && companies.length > SIDEBAR_TOP_COMPANIES && (
          <Button size="small" type="link" onClick={() => setShowAll(!showAll)} style={{ paddingInline: 0 }}>
            {showAll ? 'Show top companies' : 'Show all companies'}
          </Button>
        )}
        {selected.length > 0 && (
          <Button size="small" type="link" onClick={() => onChange([])} style={{ paddingInline: 0 }}>
            Clear companies ({selected.length})
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
