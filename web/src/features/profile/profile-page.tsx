import {
  changePasswordRequestSchema,
  updateProfileRequestSchema,
  type ChangePasswordRequest,
  type UpdateProfileRequest,
} from '@warmpath/contracts';
import { Button, Card, Descriptions, Flex, Form, Input, Tag, Typography } from 'antd';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api/api';
import { useAuth } from '../../lib/session/auth-context';
import { useChangePasswordMutation, useUpdateProfileMutation } from '../auth';
import { ProviderButton } from '../auth';
import { zodFieldRule } from '../../lib/forms/zod-rule';
import { useToast } from '../../lib/toast/use-toast';
import { AccessTokensCard } from './access-tokens-card';

const profileShape = updateProfileRequestSchema as unknown as z.ZodObject<z.ZodRawShape>;
const passwordShape = changePasswordRequestSchema as unknown as z.ZodObject<z.ZodRawShape>;

export function ProfilePage() {
  const { user } = useAuth();
  const toast = useToast();
  const [updateProfile, profileState] = useUpdateProfileMutation();
  const [changePassword, passwordState] = useChangePasswordMutation();
  const [passwordForm] = Form.useForm<ChangePasswordRequest>();
  if (!user) return null;

  const onProfile = async (values: UpdateProfileRequest) => {
    try {
      await updateProfile(values).unwrap();
      toast({ title: 'Profile saved', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };
  const onPassword = async (values: ChangePasswordRequest) => {
    try {
      await changePassword(values).unwrap();
      passwordForm.resetFields();
      toast({ title: 'Password changed', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Flex vertical gap={24} style={{ maxWidth: 640, margin: '24px auto', padding: '0 16px' }}>
      <Card title="Profile">
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Username">{user.username}</Descriptions.Item>
          <Descriptions.Item label="Member since">
            {new Date(user.createdAt).toLocaleDateString()}
          </Descriptions.Item>
        </Descriptions>
        <Form<UpdateProfileRequest>
          name="profile"
          layout="vertical"
          initialValues={{
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            avatarUrl: user.avatarUrl ?? '',
          }}
          onFinish={(values) => void onProfile(values)}
          aria-label="Profile"
        >
          <Form.Item label="First name" name="firstName" rules={[zodFieldRule(profileShape, 'firstName')]}>
            <Input />
          </Form.Item>
          <Form.Item label="Last name" name="lastName" rules={[zodFieldRule(profileShape, 'lastName')]}>
            <Input />
          </Form.Item>
          <Form.Item label="Email" name="email" rules={[zodFieldRule(profileShape, 'email')]}>
            <Input type="email" />
          </Form.Item>
          <Form.Item label="Avatar URL" name="avatarUrl" rules={[zodFieldRule(profileShape, 'avatarUrl')]}>
            <Input placeholder="https://..." />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={profileState.isLoading}>
            Save profile
          </Button>
        </Form>
      </Card>
      <Card title="Change password">
        <Form<ChangePasswordRequest>
          name="password"
          form={passwordForm}
          layout="vertical"
          onFinish={(values) => void onPassword(values)}
          aria-label="Change password"
        >
          <Form.Item
            label="Current password"
            name="currentPassword"
            rules={[zodFieldRule(passwordShape, 'currentPassword')]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="New password"
            name="newPassword"
            rules={[zodFieldRule(passwordShape, 'newPassword')]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Confirm new password"
            name="confirmPassword"
            dependencies={['newPassword']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, value) => {
                  if (value !== getFieldValue('newPassword')) throw new Error("Passwords don't match");
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button htmlType="submit" loading={passwordState.isLoading}>
            Change password
          </Button>
        </Form>
      </Card>
      <Card title="Linked accounts">
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          {user.providers.length ? (
            user.providers.map((p) => <Tag key={p}>{p}</Tag>)
          ) : (
            <Typography.Text type="secondary">None yet</Typography.Text>
          )}
        </Flex>
        <Flex vertical gap={8}>
          {(['linkedin', 'google', 'github'] as const)
            .filter((p) => !user.providers.includes(p))
            .map((p) => (
              <ProviderButton key={p} provider={p} action="Continue" />
            ))}
        </Flex>
      </Card>
      <AccessTokensCard />
    </Flex>
  );
}
