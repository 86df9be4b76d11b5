import type { TargetList } from '@warmpath/contracts';
import { Button, Flex, Popconfirm } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/api';
import { useToast } from '../../lib/toast/use-toast';
import { RenameTargetListDialog } from './rename-target-list-dialog';
import { useDeleteTargetListMutation } from './targets.api';

/** Rename and delete, for those who may change the list (docs/targets.md#routes). */
export function TargetListActions({ list, onDeleted }: { list: TargetList; onDeleted?: () => void }) {
  const [isRenaming, setRenaming] = useState(false);
  const [remove, { isLoading }] = useDeleteTargetListMutation();
  const toast = useToast();
  const confirmDelete = async () => {
    try {
      await remove({ teamId: list.teamId, listId: list.id }).unwrap();
      onDeleted?.();
    } catch (error) {
      toast({ title: 'Could not delete the list', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <Flex gap={4}>
      <Button size="small" type="link" onClick={() => setRenaming(true)}>
        Rename
      </Button>
      <Popconfirm
        title={`Delete "${list.name}"?`}
        description="Its targets and corrections are deleted too."
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={() => void confirmDelete()}
      >
        <Button size="small" type="link" danger loading={isLoading}>
          Delete
        </Button>
      </Popconfirm>
      {isRenaming && <RenameTargetListDialog list={list} onClose={() => setRenaming(false)} />}
    </Flex>
  );
}
