import { UserOutlined } from '@ant-design/icons';
import type { Connection } from '@warmpath/contracts';
import { fullName, matchesTableSearch } from '@warmpath/domain';
import { Button, Flex, Input, Table, Typography, theme, type TableColumnsType, type TableProps } from 'antd';
import { memo, startTransition, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNetworkSearch } from '../data/use-network-data';
import { degreeLabel, formatDate, formatYears, orNotAvailable } from '../connection-format';
import { StrengthTag } from '../strength-tag';
import { paginate } from './paginate';
import { sortByStrength, type StrengthOrder } from './strength-sort';

interface Props {
  connections: readonly Connection[];
  selectedId: string | null;
  onViewDetails: (connection: Connection) => void;
  /** More in a row's actions, after View Details. */
  renderRowAction?: (connection: Connection) => ReactNode;
}

function columns(
  onViewDetails: Props['onViewDetails'],
  renderRowAction: Props['renderRowAction'],
  strengthOrder: StrengthOrder,
): TableColumnsType<Connection> {
  return [
    {
      title: 'Name',
      key: 'name',
      render: (_, c) =>
        c.isUser ? (
          <Flex gap={6} align="center">
            <UserOutlined aria-label="You" />
            <Typography.Text strong>{fullName(c) || 'You'} (You)</Typography.Text>
          </Flex>
        ) : (
          fullName(c) || 'N/A'
        ),
    },
    { title: 'Company', key: 'company', render: (_, c) => orNotAvailable(c.company) },
    { title: 'Position', key: 'position', render: (_, c) => orNotAvailable(c.position) },
    { title: 'Connection Degree', key: 'degree', render: (_, c) => degreeLabel(c) },
    { title: 'Years Connected', key: 'years', render: (_, c) => formatYears(c.yearsConnected) },
    { title: 'Added Date', key: 'added', render: (_, c) => formatDate(c.createdAt) },
    // docs/warmth.md: band and score; sorted over every match here, not within the page.
    {
      title: 'Strength',
      key: 'strength',
      sorter: true,
      sortOrder: strengthOrder,
      sortDirections: ['descend', 'ascend'],
      render: (_, c) => (c.strength ? <StrengthTag strength={c.strength} /> : 'N/A'),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, c) => (
        <Flex gap={4} wrap>
          <Button size="small" type="link" onClick={() => onViewDetails(c)}>
            View Details
          </Button>
          {renderRowAction?.(c)}
        </Flex>
      ),
    },
  ];
}

/** The table search done here (small networks, tests); the data worker does it for a network it read. */
function tableMatches(connections: readonly Connection[], query: string): readonly Connection[] {
  if (!query.trim()) return connections;
  return connections.filter((c) => matchesTableSearch(c, query));
}

/**
 * The search box keeps its own text: a key press renders the box alone, and the table (50 antd
 * rows) follows in a transition, in slices, so typing never waits for it.
 */
const TableSearch = memo(function TableSearch({ onSearch }: { onSearch: (query: string) => void }) {
  const [search, setSearch] = useState('');
  return (
    <Input.Search
      allowClear
      placeholder="Search connections..."
      aria-label="Search connections"
      value={search}
      onChange={(event) => {
        const query = event.target.value;
        setSearch(query);
        startTransition(() => onSearch(query));
      }}
      style={{ maxWidth: 360 }}
    />
  );
});

/**
 * Table mode (docs/product.md#graph-and-table): search, count, 50 rows a page. Only one page is
 * ever in the DOM, so 30,000 people cost a filter pass, not 30,000 rows.
 */
export function ConnectionsTable({ connections, selectedId, onViewDetails, renderRowAction }: Props) {
  const { token } = theme.useToken();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  // A new page of 50 antd rows renders as a transition: React slices it and input stays first.
  const turnTo = (next: number) => startTransition(() => setPage(next));
  // A new search goes back to page 1, in the same transition as its rows.
  const search = useCallback((next: string) => {
    setQuery(next);
    setPage(1);
  }, []);
  const [strengthOrder, setStrengthOrder] = useState<StrengthOrder>(null);
  const found = useNetworkSearch(connections, 'table', query, Number.MAX_SAFE_INTEGER, tableMatches);
  const matches = useMemo(() => sortByStrength(found, strengthOrder), [found, strengthOrder]);
  const current = paginate(matches, page);
  const sort: TableProps<Connection>['onChange'] = (_pagination, _filters, sorter) => {
    const order = Array.isArray(sorter)
      ? null
      : sorter.columnKey === 'strength'
        ? (sorter.order ?? null)
        : null;
    startTransition(() => {
      setStrengthOrder(order);
      setPage(1);
    });
  };
  // Your own row is listed (and marked) but is not one of your connections.
  const count = matches.reduce((n, c) => (c.isUser ? n : n + 1), 0);
  const cols = useMemo(
    () => columns(onViewDetails, renderRowAction, strengthOrder),
    [onViewDetails, renderRowAction, strengthOrder],
  );
  const empty = query.trim() ? 'No connections matching your search' : 'No connections available';

  return (
    <Flex vertical gap={12} style={{ padding: 16, height: '100%', overflow: 'auto' }}>
      <Flex gap={12} align="center" wrap>
        <TableSearch onSearch={search} />
        <Typography.Text>{count.toLocaleString()} connections</Typography.Text>
      </Flex>
      <Table<Connection>
        rowKey="id"
        size="small"
        columns={cols}
        dataSource={current.rows}
        pagination={false}
        onChange={sort}
        locale={{ emptyText: empty }}
        onRow={(c) => ({
          'aria-selected': c.id === selectedId,
          style: c.isUser
            ? { background: token.colorPrimaryBg }
            : c.id === selectedId
              ? { background: token.colorFillSecondary }
              : undefined,
        })}
      />
      <Flex gap={8} align="center" justify="end">
        <Button size="small" disabled={current.page <= 1} onClick={() => turnTo(current.page - 1)}>
          Previous
        </Button>
        <Typography.Text>
          Page {current.page} of {current.pages}
        </Typography.Text>
        <Button
          size="small"
          disabled={current.page >= current.pages}
          onClick={() => turnTo(current.page + 1)}
        >
          Next
        </Button>
      </Flex>
    </Flex>
  );
}
