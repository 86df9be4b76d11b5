import { registerRequestSchema, type RegisterRequest } from '@warmpath/contracts';
import { Button, Divider, Form, Input } from 'antd';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api/api';
import { useToast } from '../../lib/toast/use-toast';
import { useRegisterMutation } from './auth.api';
import { invitationFromReturnUrl } from './invitation-from-return-url';
import { ProviderButton } from './provider-button';
import { zodFieldRule } from '../../lib/forms/zod-rule';

const shape = registerRequestSchema as unknown as z.ZodObject<z.ZodRawShape>;

export function RegisterForm({ returnUrl }: { returnUrl: string }) {
  const [register, { isLoading }] = useRegisterMutation();
  const toast = useToast();
  const navigate = useNavigate();

  // Coming from /join/{token}, the invitation goes with the registration
  // (docs/product.md#sign-in-and-registration).
  const invitation = invitationFromReturnUrl(returnUrl);

  const onFinish = async (values: RegisterRequest) => {
    try {
      await register(invitation ? { ...values, invitation } : values).unwrap();
      toast({ title: 'Registration successful', variant: 'success' });
      void navigate(returnUrl, { replace: true });
    } catch (error) {
      toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' });
    }
  };

  const rule = (field: keyof RegisterRequest) => [zodFieldRule(shape, field)];
  return (
    <Form<RegisterRequest>
      name="register"
      layout="vertical"
      onFinish={(values) => void onFinish(values)}
      requiredMark={false}
      aria-label="Register"
    >
      <Form.Item label="First name" name="firstName" rules={rule('firstName')}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item label="Last name" name="lastName" rules={rule('lastName')}>
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={rule('email')}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Username" name="username" rules={rule('username')}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={rule('password')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm password"
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          ...rule('confirmPassword'),
          ({ getFieldValue }) => ({
            validator: async (_r, value) => {
              if (value && value !== getFieldValue('password')) throw new Error("Passwords don't match");
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {isLoading ? 'Creating account...' : 'Create Account'}
      </Button>
      <Divider plain>or</Divider>
      <ProviderButton provider="linkedin" action="Register" />
    </Form>
  );
}
