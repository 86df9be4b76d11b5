import { createInvitationRequestSchema, type InvitationCreated } from '@warmpath/contracts';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useToast } from '../../lib/toast/use-toast';
import { ShareInvitation } from './share-invitation';
import { useCreateInvitationMutation, useCreateWorkspaceMutation } from './workspaces.api';

/**
 * The dashboard's 'Invite Collaborator' dialog (product-spec §2, §4, §7): a workspace
 * 'Shared Workspace with {email}' is created, then {email} is invited to it; the link is shown
 * to copy as well (DECISIONS.md).
 */
export function InviteCollaboratorDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  const [invitation, setInvitation] = useState<InvitationCreated | null>(null);
  const [createWorkspace, workspaceState] = useCreateWorkspaceMutation();
  const [createInvitation, invitationState] = useCreateInvitationMutation();

  const onSubmit = async () => {
    const address = email.trim();
    if (!address) {
      toast({
        title: 'Email required',
        description: 'Please enter an email address to send the invitation.',
        variant: 'destructive',
      });
      return;
    }
    // Checked before anything is created, so a typo leaves no empty workspace behind.
    const parsed = createInvitationRequestSchema.shape.email.safeParse(address);
    if (!parsed.success) {
      setFormatError(parsed.error.issues[0]?.message ?? 'Invalid email address');
      return;
    }
    let teamId: number;
    try {
      teamId = (
        await createWorkspace({
          name: `Shared Workspace with ${address}`,
          description: `Collaborative network with ${address}`,
        }).unwrap()
      ).id;
    } catch {
      toast({
        title: 'Failed to create team',
        description: 'There was an error creating the team. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    try {
      setInvitation(await createInvitation({ teamId, email: address, role: 'member' }).unwrap());
      toast({
        title: 'Invitation sent',
        description: `An invitation has been sent to ${address}.`,
        variant: 'success',
      });
    } catch {
      toast({
        title: 'Failed to send invitation',
        description: 'There was an error sending the invitation. Please try again.',
        variant: 'destructive',
      });
    }
  };
  const isBusy = workspaceState.isLoading || invitationState.isLoading;

  return (
    <Modal
      title="Invite Collaborator"
      open
      onCancel={onClose}
      footer={
        invitation ? (
          <Button type="primary" onClick={onClose}>
            Done
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" loading={isBusy} onClick={() => void onSubmit()}>
              Send Invitation
            </Button>
          </Flex>
        )
      }
    >
      {invitation ? (
        <ShareInvitation invitation={invitation} />
      ) : (
        <Form layout="vertical" onFinish={() => void onSubmit()}>
          <Typography.Paragraph type="secondary">
            A shared workspace is created for the two of you and an invitation is sent.
          </Typography.Paragraph>
          <Form.Item
            label="Email"
            validateStatus={formatError ? 'error' : undefined}
            help={formatError ?? undefined}
          >
            <Input
              type="email"
              aria-label="Email"
              placeholder="colleague@example.com"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setFormatError(null);
              }}
              onPressEnter={() => void onSubmit()}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
