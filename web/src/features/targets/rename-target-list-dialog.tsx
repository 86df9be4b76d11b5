import type { TargetList } from '@warmpath/contracts';
import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/api';
import { useRenameTargetListMutation } from './targets.api';

/** "Rename list": PUT {base}/{listId} with the new name. */
export function RenameTargetListDialog({ list, onClose }: { list: TargetList; onClose: () => void }) {
  const [name, setName] = useState(list.name);
  const [rename, { isLoading, error }] = useRenameTargetListMutation();
  const save = async () => {
    const done = await rename({ teamId: list.teamId, listId: list.id, name: name.trim() })
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (done) onClose();
  };
  return (
    <Modal
      open
      title="Rename list"
      okText="Save"
      onOk={() => void save()}
      okButtonProps={{ disabled: name.trim() === '' || name.trim() === list.name, loading: isLoading }}
      onCancel={onClose}
    >
      <Input
        aria-label="New list name"
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
      />
      {error && <Alert type="error" role="alert" title={errorMessage(error)} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
