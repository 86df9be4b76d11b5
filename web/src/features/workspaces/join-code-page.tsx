import { joinRequestCreateSchema } from '@warmpath/contracts';
import { Button, Card, Flex, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { serverMessage } from '../../lib/api/api';
import { zodFieldRule } from '../../lib/forms/zod-rule';
import { useToast } from '../../lib/toast/use-toast';
import { MyJoinRequests } from './my-join-requests';
import { useRequestToJoinMutation } from './workspaces.api';

const joinShape = joinRequestCreateSchema as unknown as z.ZodObject<z.ZodRawShape>;

/**
 * /join (product-spec §2, §4): a code creates a pending request that the owner approves or
 * rejects; the state of the user's own requests is listed below.
 */
export function JoinCodePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [form] = Form.useForm<{ invitationCode: string }>();
  const [requestToJoin, { isLoading }] = useRequestToJoinMutation();

  const onFinish = async ({ invitationCode }: { invitationCode: string }) => {
    try {
      const request = await requestToJoin({ invitationCode: invitationCode.trim() }).unwrap();
      form.resetFields();
      toast({
        title: 'Request sent',
        description: `Your request to join ${request.teamName} is waiting for approval.`,
        variant: 'success',
      });
    } catch (error) {
      const description = serverMessage(error) ?? 'An error occurred while submitting your request';
      toast({ title: 'Failed to join workspace', description, variant: 'destructive' });
    }
  };

  return (
    <Flex vertical gap={16} style={{ width: 480, maxWidth: '100%', margin: '48px auto', padding: '0 16px' }}>
      <Card title="Enter Invitation Code">
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ invitationCode: '' }}
          onFinish={(values) => void onFinish(values)}
        >
          <Form.Item
            label="Invitation code"
            name="invitationCode"
            rules={[zodFieldRule(joinShape, 'invitationCode')]}
            extra="Workspace administrators must approve your request before you can join."
          >
            <Input autoComplete="off" placeholder="e.g. 7KQ4-M2XP" />
          </Form.Item>
          <Flex gap={8} justify="space-between">
            <Button onClick={() => void navigate('/workspaces')}>Back to Workspaces</Button>
            <Button type="primary" htmlType="submit" loading={isLoading}>
              {isLoading ? 'Requesting Access...' : 'Request Access'}
            </Button>
          </Flex>
        </Form>
      </Card>
      <MyJoinRequests />
    </Flex>
  );
}
