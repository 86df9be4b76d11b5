import { SearchOutlined } from '@ant-design/icons';
import type { Connection } from '@warmpath/contracts';
import { fullName, matchesDashboardSearch } from '@warmpath/domain';
import { AutoComplete, Flex, Input, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useNetworkSearch } from './data/use-network-data';
import { roleLine } from './connection-format';

/** product-spec §9: at most 6 suggestions. */
export const MAX_SUGGESTIONS = 6;

/** The first people matching the dashboard search (§5), your own node left out. */
export function searchSuggestions(
  connections: readonly Connection[],
  query: string,
  limit = MAX_SUGGESTIONS,
): Connection[] {
  if (!query.trim()) return [];
  const found: Connection[] = [];
  for (const person of connections) {
    if (person.isUser || !matchesDashboardSearch(person, query)) continue;
    found.push(person);
    if (found.length === limit) break;
  }
  return found;
}

/** The top bar's connection search: choosing a suggestion selects the person (and centres them). */
export function ConnectionSearch({
  connections,
  onChoose,
  label = 'Search your network',
}: {
  connections: readonly Connection[];
  onChoose: (person: Connection) => void;
  /** The box's placeholder (with '...') and accessible name. */
  label?: string;
}) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const suggestions = useNetworkSearch(
    connections,
    'dashboard',
    deferred,
    MAX_SUGGESTIONS,
    searchSuggestions,
  );
  const options = suggestions.map((person) => ({
    value: person.id,
    label: (
      <Flex vertical>
        <Typography.Text>{fullName(person) || 'Unnamed'}</Typography.Text>
        {roleLine(person) && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {roleLine(person)}
          </Typography.Text>
        )}
      </Flex>
    ),
  }));
  const choose = (id: string) => {
    const person = suggestions.find((candidate) => candidate.id === id);
    if (!person) return;
    setQuery(fullName(person));
    onChoose(person);
  };
  return (
    <AutoComplete
      value={query}
      options={options}
      onSearch={setQuery}
      onSelect={choose}
      style={{ width: 320, maxWidth: '100%' }}
    >
      <Input allowClear prefix={<SearchOutlined />} placeholder={`${label}...`} aria-label={label} />
    </AutoComplete>
  );
}
