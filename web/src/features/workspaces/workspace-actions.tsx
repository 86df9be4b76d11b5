import type { Workspace } from '@warmpath/contracts';
import { Button, Popconfirm } from 'antd';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api/api';
import { useToast } from '../../lib/toast/use-toast';
import { useDeleteWorkspaceMutation, useLeaveWorkspaceMutation } from './workspaces.api';

/**
 * Leave (a member or admin) or delete (the owner, who cannot leave), each confirmed first;
 * afterwards the workspace is gone for the caller, so they land on /workspaces.
 */
export function WorkspaceActions({ workspace, isOwner }: { workspace: Workspace; isOwner: boolean }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [leave, leaveState] = useLeaveWorkspaceMutation();
  const [remove, deleteState] = useDeleteWorkspaceMutation();

  const run = async (call: () => Promise<unknown>, title: string, description: string) => {
    try {
      await call();
      toast({ title, description, variant: 'success' });
      void navigate('/workspaces');
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return isOwner ? (
    <Popconfirm
      title="Delete this workspace?"
      description="Every member loses access to it. This cannot be undone."
      okText="Delete"
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        void run(() => remove(workspace.id).unwrap(), 'Workspace deleted', `${workspace.name} was deleted.`)
      }
    >
      <Button danger loading={deleteState.isLoading}>
        Delete Workspace
      </Button>
    </Popconfirm>
  ) : (
    <Popconfirm
      title="Leave this workspace?"
      description="Your connections leave the workspace with you."
      okText="Leave"
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        void run(() => leave(workspace.id).unwrap(), 'Left workspace', `You left ${workspace.name}.`)
      }
    >
      <Button danger loading={leaveState.isLoading}>
        Leave Workspace
      </Button>
    </Popconfirm>
  );
}
