import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import type { TargetListResults } from '@warmpath/contracts';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api/api';
import { NewWaysInNotice } from './new-ways-in-notice';
import { canChangeTargetList } from './target-permissions';
import { TargetListActions } from './target-list-actions';
import { TargetResultsTable } from './target-results-table';
import { targetsPath, useTargetScope } from './target-scope';
import { TargetTotals } from './target-totals';
import { targetExportUrl, useGetTargetResultsQuery, useMarkTargetListSeenMutation } from './targets.api';
import { TargetSkippedRows } from './target-skipped-rows';
import { useTargetsContext } from './use-targets-context';

/**
 * /targets/{listId} and /workspaces/{id}/targets/{listId} (docs/product.md#target-lists): totals,
 * new ways in, the ranked targets. Each answer shown marks the list seen (PUT seen), so the next
 * opening shows only newer ways in.
 */
export function TargetResultsPage() {
  const scope = useTargetScope();
  const listRef = useMemo(
    () => ({ teamId: scope.teamId, listId: scope.listId ?? '' }),
    [scope.teamId, scope.listId],
  );
  const context = useTargetsContext(scope);
  const navigate = useNavigate();
  const query = useGetTargetResultsQuery(listRef, { skip: !scope.valid || !scope.listId });
  const [markSeen] = useMarkTargetListSeenMutation();
  // Each answer shown is seen: after a correction the results come again, and what the user
  // changed themself is no new way in at the next opening.
  const seen = useRef<TargetListResults | null>(null);
  // The store hands an answer over in a render that cannot yield: the page of a large list is
  // drawn in a deferred render instead, in slices, while what was shown stays (docs/targets.md#web).
  const results = useDeferredValue(query.data);
  useEffect(() => {
    if (!results || seen.current === results) return;
    seen.current = results;
    void markSeen({ teamId: results.list.teamId, listId: results.list.id });
  }, [results, markSeen]);

  const status = query.error && 'status' in query.error ? query.error.status : null;
  if (!scope.valid || status === 404 || status === 400)
    return (
      <Result
        status="404"
        title="Target list not found"
        extra={<Link to={targetsPath(scope)}>Back to target lists</Link>}
      />
    );
  if (query.error) return <Alert type="error" title={errorMessage(query.error)} style={{ margin: 24 }} />;
  if (!results)
    return (
      <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
        <Spin size="large" aria-label="Loading target list" />
      </Flex>
    );
  const { list } = results;
  const canChange = canChangeTargetList(list, context.viewerId, context.role);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1400, margin: '0 auto', padding: 24 }}>
      <Link to={targetsPath(scope)}>
        <ArrowLeftOutlined /> Target lists
      </Link>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <Flex vertical gap={4}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {list.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {list.sourceName ?? 'Pasted'} · {list.targetCount} targets
            {list.skippedCount > 0 && ` · ${list.skippedCount} rows skipped`}
          </Typography.Text>
        </Flex>
        <Flex gap={8} align="center">
          <Button icon={<DownloadOutlined />} href={targetExportUrl(listRef)} download>
            Export CSV
          </Button>
          {canChange && <TargetListActions list={list} onDeleted={() => void navigate(targetsPath(scope))} />}
        </Flex>
      </Flex>
      <TargetTotals results={results} nameOf={context.nameOf} />
      <NewWaysInNotice results={results} />
      <TargetResultsTable
        listRef={listRef}
        rows={results.rows}
        nameOf={context.nameOf}
        viewerId={context.viewerId}
        canCorrect={canChange}
      />
      <TargetSkippedRows skipped={results.skipped} />
    </Flex>
  );
}
