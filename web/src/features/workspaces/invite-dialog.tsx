import {
  createInvitationRequestSchema,
  type InvitationCode,
  type InvitationCreated,
  type InviteRole,
  type Workspace,
} from '@warmpath/contracts';
import { Button, Flex, Form, Input, Modal, Select, Tabs, Typography } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { serverMessage } from '../../lib/api/api';
import { zodFieldRule } from '../../lib/forms/zod-rule';
import { useToast } from '../../lib/toast/use-toast';
import { ShareInvitation } from './share-invitation';
import { useCreateInvitationMutation, useGenerateCodeMutation } from './workspaces.api';

const invitationShape = createInvitationRequestSchema as unknown as z.ZodObject<z.ZodRawShape>;

interface Props {
  workspace: Pick<Workspace, 'id' | 'name'>;
  open: boolean;
  onClose: () => void;
}

/**
 * The invite dialog (product-spec §2): 'Direct Invite' by e-mail with a role, or 'Create Code';
 * then the 'Share invitation' view with what was created, Generate Code and Done.
 */
export function InviteDialog({ workspace, open, onClose }: Props) {
  const toast = useToast();
  const [form] = Form.useForm<{ email: string; role: InviteRole }>();
  const [createInvitation, invitationState] = useCreateInvitationMutation();
  const [generateCode, codeState] = useGenerateCodeMutation();
  const [invitation, setInvitation] = useState<InvitationCreated | null>(null);
  const [code, setCode] = useState<InvitationCode | null>(null);

  const onInvite = async ({ email, role }: { email: string; role: InviteRole }) => {
    try {
      setInvitation(await createInvitation({ teamId: workspace.id, email: email.trim(), role }).unwrap());
      form.resetFields();
    } catch (error) {
      const description = serverMessage(error) ?? 'Failed to create invitation';
      toast({ title: 'Failed to create invitation', description, variant: 'destructive' });
    }
  };
  const onGenerate = async () => {
    try {
      setCode(await generateCode(workspace.id).unwrap());
    } catch (error) {
      const description = serverMessage(error) ?? 'Failed to generate invitation code';
      toast({ title: 'Failed to generate code', description, variant: 'destructive' });
    }
  };
  const close = () => {
    setInvitation(null);
    setCode(null);
    onClose();
  };
  const isShared = invitation !== null || code !== null;

  return (
    <Modal
      title={`Invite to ${workspace.name}`}
      open={open}
      onCancel={close}
      destroyOnHidden
      footer={
        isShared ? (
          <Flex justify="end" gap={8}>
            <Button loading={codeState.isLoading} onClick={() => void onGenerate()}>
              Generate Code
            </Button>
            <Button type="primary" onClick={close}>
              Done
            </Button>
          </Flex>
        ) : null
      }
    >
      {isShared ? (
        <ShareInvitation invitation={invitation} code={code} />
      ) : (
        <Tabs
          items={[
            {
              key: 'direct',
              label: 'Direct Invite',
              children: (
                <Form
                  form={form}
                  layout="vertical"
                  requiredMark={false}
                  initialValues={{ email: '', role: 'member' }}
                  onFinish={(values) => void onInvite(values)}
                >
                  <Form.Item label="Email" name="email" rules={[zodFieldRule(invitationShape, 'email')]}>
                    <Input type="email" autoComplete="off" placeholder="colleague@example.com" />
                  </Form.Item>
                  <Form.Item label="Role" name="role">
                    <Select
                      aria-label="Role"
                      options={[
                        { value: 'member', label: 'Member' },
                        { value: 'admin', label: 'Admin' },
                      ]}
                    />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" block loading={invitationState.isLoading}>
                    Create Invitation
                  </Button>
                </Form>
              ),
            },
            {
              key: 'code',
              label: 'Create Code',
              children: (
                <Flex vertical gap={12}>
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    Anyone with the code can ask to join; the workspace owner approves each request. Codes
                    expire in 7 days.
                  </Typography.Paragraph>
                  <Button
                    type="primary"
                    block
                    loading={codeState.isLoading}
                    onClick={() => void onGenerate()}
                  >
                    Generate Invitation Code
                  </Button>
                </Flex>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
