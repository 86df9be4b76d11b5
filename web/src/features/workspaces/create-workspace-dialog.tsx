import { createWorkspaceRequestSchema, WORKSPACE_DESCRIPTION_MAX_LENGTH } from '@warmpath/contracts';
import { Button, Form, Input, Modal } from 'antd';
import type { z } from 'zod';
import { serverMessage } from '../../lib/api/api';
import { zodFieldRule } from '../../lib/forms/zod-rule';
import { useToast } from '../../lib/toast/use-toast';
import { useCreateWorkspaceMutation } from './workspaces.api';

const workspaceShape = createWorkspaceRequestSchema as unknown as z.ZodObject<z.ZodRawShape>;

interface Values {
  name: string;
  description: string;
}

/** 'Create Workspace' (product-spec §2): name required (submit disabled while empty), description optional. */
export function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const name = Form.useWatch('name', form) ?? '';
  const [createWorkspace, { isLoading }] = useCreateWorkspaceMutation();

  const onFinish = async ({ name, description }: Values) => {
    try {
      await createWorkspace({ name: name.trim(), description: description.trim() || null }).unwrap();
      form.resetFields();
      onClose();
    } catch (error) {
      const description = serverMessage(error) ?? 'Failed to create workspace';
      toast({ title: 'Failed to create workspace', description, variant: 'destructive' });
    }
  };

  return (
    <Modal title="Create Workspace" open={open} onCancel={onClose} footer={null}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: '', description: '' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item label="Workspace Name" name="name" rules={[zodFieldRule(workspaceShape, 'name')]}>
          <Input autoFocus placeholder="e.g. Sales team" />
        </Form.Item>
        <Form.Item label="Description (optional)" name="description">
          <Input.TextArea rows={3} maxLength={WORKSPACE_DESCRIPTION_MAX_LENGTH} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading} disabled={!name.trim()}>
          Create Workspace
        </Button>
      </Form>
    </Modal>
  );
}
