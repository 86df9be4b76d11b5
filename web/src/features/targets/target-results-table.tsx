import type { TargetResultRow } from '@warmpath/contracts';
import { Flex, Select, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { BestConnectorCell, OtherConnectorsCell } from './target-connectors-cell';
import { MATCH_LABELS, targetLabel } from './target-labels';
import { TargetPeopleCell } from './target-people-cell';
import {
  connectorsInResults,
  filterTargetRows,
  sortTargetRows,
  type TargetCoverage,
  type TargetSort,
} from './target-results-view';
import { TargetRowActions } from './target-row-actions';
import type { TargetListRef } from './target-scope';

/** Past this many rows the table renders only those in view. */
const VIRTUAL_FROM = 200;
/** The height of a virtual table's rows. */
const VIRTUAL_HEIGHT = 640;

const SORTS: { value: TargetSort; label: string }[] = [
  { value: 'rank', label: 'Best way in' },
  { value: 'warmth', label: 'Warmth' },
  { value: 'seniority', label: 'Seniority reached' },
  { value: 'connectors', label: 'Number of connectors' },
];
const COVERAGES: { value: TargetCoverage; label: string }[] = [
  { value: 'all', label: 'All targets' },
  { value: 'covered', label: 'Covered' },
  { value: 'uncovered', label: 'Not covered' },
];

/** The ranked targets: sort, filter by coverage or connector, and each row's actions. */
export function TargetResultsTable({
  listRef,
  rows,
  nameOf,
  viewerId,
  canCorrect,
}: {
  listRef: TargetListRef;
  rows: TargetResultRow[];
  nameOf: (userId: number) => string;
  viewerId: number | undefined;
  canCorrect: boolean;
}) {
  const [sort, setSort] = useState<TargetSort>('rank');
  const [coverage, setCoverage] = useState<TargetCoverage>('all');
  const [connector, setConnector] = useState<number | null>(null);
  const shown = useMemo(
    () => sortTargetRows(filterTargetRows(rows, { coverage, connector }), sort),
    [rows, coverage, connector, sort],
  );
  const connectors = useMemo(() => connectorsInResults(rows), [rows]);
  // The same columns and memoised cells while the props are: the table re-renders itself after
  // measuring, and on every scroll, without drawing the rows' cells again (docs/targets.md#web).
  const columns = useMemo(
    (): TableColumnsType<TargetResultRow> => [
      {
        title: 'Target',
        key: 'target',
        render: (_, row) => (
          <Flex gap={6} align="center" wrap>
            <Typography.Text strong>{targetLabel(row.target)}</Typography.Text>
            {row.isNew && <Tag color="magenta">New</Tag>}
          </Flex>
        ),
      },
      {
        title: 'Match',
        key: 'match',
        render: (_, row) => <Tag color={MATCH_LABELS[row.match].color}>{MATCH_LABELS[row.match].label}</Tag>,
      },
      { title: 'People there', key: 'people', render: (_, row) => <TargetPeopleCell row={row} /> },
      {
        title: 'Best connector',
        key: 'best',
        render: (_, row) => <BestConnectorCell row={row} nameOf={nameOf} />,
      },
      {
        title: 'Other connectors',
        key: 'others',
        render: (_, row) => <OtherConnectorsCell row={row} nameOf={nameOf} />,
      },
      {
        title: '',
        key: 'actions',
        render: (_, row) => (
          <TargetRowActions listRef={listRef} row={row} viewerId={viewerId} canCorrect={canCorrect} />
        ),
      },
    ],
    [listRef, nameOf, viewerId, canCorrect],
  );
  const isVirtual = shown.length > VIRTUAL_FROM;
  // A large list's table is drawn in a render of its own, after the page around it: drawn in one
  // commit with the page it was a main-thread task over 50 ms (docs/targets.md#web).
  const [isTableDrawn, setTableDrawn] = useState(false);
  useEffect(() => startTransition(() => setTableDrawn(true)), []);
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <Select<TargetSort>
          aria-label="Sort by"
          value={sort}
          options={SORTS}
          onChange={setSort}
          style={{ width: 200 }}
        />
        <Select<TargetCoverage>
          aria-label="Coverage"
          value={coverage}
          options={COVERAGES}
          onChange={setCoverage}
          style={{ width: 160 }}
        />
        <Select<number | null>
          aria-label="Connector"
          value={connector}
          onChange={setConnector}
          style={{ width: 200 }}
          options={[
            { value: null, label: 'Any connector' },
            ...connectors.map((userId) => ({ value: userId, label: nameOf(userId) })),
          ]}
        />
        <Typography.Text type="secondary">
          {shown.length} of {rows.length} targets
        </Typography.Text>
      </Flex>
      {isVirtual && !isTableDrawn ? (
        <Flex justify="center" align="center" style={{ minHeight: VIRTUAL_HEIGHT }}>
          <Spin aria-label="Loading targets" />
        </Flex>
      ) : (
        <Table<TargetResultRow>
          rowKey={(row) => row.target.line}
          columns={columns}
          dataSource={shown}
          pagination={false}
          virtual={isVirtual}
          scroll={isVirtual ? { y: VIRTUAL_HEIGHT, x: 1100 } : undefined}
          locale={{ emptyText: 'No target here.' }}
        />
      )}
    </Flex>
  );
}
