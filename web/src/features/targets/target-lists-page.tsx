import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api/api';
import { CreateTargetListDialog } from './create-target-list-dialog';
import { targetListPath, useTargetScope } from './target-scope';
import { TargetListsTable } from './target-lists-table';
import { useListTargetListsQuery } from './targets.api';
import { useTargetsContext } from './use-targets-context';

function isNotFound(error: unknown): boolean {
  const status = error && typeof error === 'object' && 'status' in error ? error.status : null;
  return status === 404 || status === 400;
}

/** /targets and /workspaces/{id}/targets (docs/product.md#target-lists): the lists, and a new one. */
export function TargetListsPage() {
  const scope = useTargetScope();
  const context = useTargetsContext(scope);
  const navigate = useNavigate();
  const [isCreating, setCreating] = useState(false);
  const listsQuery = useListTargetListsQuery(
    { teamId: scope.teamId },
    { skip: !scope.valid || context.isLoading || !!context.workspaceError },
  );

  if (!scope.valid || isNotFound(context.workspaceError) || isNotFound(listsQuery.error))
    return (
      <Result
        status="404"
        title="Workspace Not Found"
        extra={<Link to="/workspaces">Back to Workspaces</Link>}
      />
    );
  const failure = context.workspaceError ?? listsQuery.error;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto', padding: 24 }}>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <Flex vertical gap={4}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            Target lists
          </Typography.Title>
          <Typography.Text type="secondary">
            {scope.teamId === null ? (
              'My network: where you have a way in to the accounts you want to reach.'
            ) : (
              <>
                Matched against the{' '}
                <Link to={`/workspaces/${scope.teamId}`}>{context.workspace?.name ?? 'workspace'}</Link>{' '}
                network.
              </>
            )}
          </Typography.Text>
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          New list
        </Button>
      </Flex>
      {failure ? (
        <Alert type="error" title={errorMessage(failure)} />
      ) : listsQuery.data ? (
        <TargetListsTable lists={listsQuery.data} context={context} />
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin aria-label="Loading target lists" />
        </Flex>
      )}
      {isCreating && (
        <CreateTargetListDialog
          scope={{ teamId: scope.teamId }}
          onClose={() => setCreating(false)}
          onCreated={(list) => void navigate(targetListPath({ teamId: list.teamId, listId: list.id }))}
        />
      )}
    </Flex>
  );
}
