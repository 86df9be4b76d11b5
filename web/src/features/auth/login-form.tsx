import { loginRequestSchema, type LoginRequest } from '@warmpath/contracts';
import { Button, Divider, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api/api';
import { useToast } from '../../lib/toast/use-toast';
import { useLoginMutation } from './auth.api';
import { ProviderButton } from './provider-button';
import { zodFieldRule } from '../../lib/forms/zod-rule';

export function LoginForm({ returnUrl }: { returnUrl: string }) {
  const [login, { isLoading }] = useLoginMutation();
  const toast = useToast();
  const navigate = useNavigate();

  const onFinish = async (values: LoginRequest) => {
    try {
      await login(values).unwrap();
      toast({ title: 'Login successful', description: 'Welcome back!', variant: 'success' });
      void navigate(returnUrl, { replace: true });
    } catch (error) {
      toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Form<LoginRequest>
      name="login"
      layout="vertical"
      onFinish={(values) => void onFinish(values)}
      requiredMark={false}
      aria-label="Sign in"
    >
      <Form.Item label="Username" name="username" rules={[zodFieldRule(loginRequestSchema, 'username')]}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[zodFieldRule(loginRequestSchema, 'password')]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {isLoading ? 'Signing in...' : 'Sign In'}
      </Button>
      <Divider plain>or</Divider>
      <ProviderButton provider="linkedin" action="Sign in" />
    </Form>
  );
}
