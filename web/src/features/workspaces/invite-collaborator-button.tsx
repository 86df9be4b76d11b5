import { UserAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';

// The dialog (and the workspaces api) load on first click, not with the dashboard's chunk.
const InviteCollaboratorDialog = lazy(() =>
  import('./invite-collaborator-dialog').then((chunk) => ({ default: chunk.InviteCollaboratorDialog })),
);

/** The dashboard top bar's 'Invite Collaborator' (docs/product.md#dashboard). */
export function InviteCollaboratorButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        Invite Collaborator
      </Button>
      {open && (
        <Suspense fallback={null}>
          <InviteCollaboratorDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
