import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useOauthCallbackMutation } from './auth.api';
import { ProviderButton } from './provider-button';

/**
 * /oauth/{provider}: provider buttons, or the callback when the provider sent a code
 * (docs/product.md#provider-sign-in).
 */
export function OAuthPage() {
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [callback, { isError }] = useOauthCallbackMutation();
  const started = useRef(false);
  const code = params.get('code');
  const error = params.get('error');

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true; // StrictMode runs effects twice; a code can be exchanged once only.
    callback({ provider, search: `?${params.toString()}` })
      .unwrap()
      .then(() => navigate('/', { replace: true }))
      .catch(() => undefined);
  }, [code, provider, params, callback, navigate]);

  if (error)
    return (
      <Result
        status="error"
        title={`Authentication failed: ${error}`}
        extra={<Link to="/auth">Back to sign in</Link>}
      />
    );
  if (code && isError) {
    return (
      <Result
        status="error"
        title="Failed to authenticate with provider"
        extra={<Link to="/auth">Back to sign in</Link>}
      />
    );
  }
  if (code)
    return <Spin size="large" style={{ display: 'block', margin: '96px auto' }} aria-label="Signing in" />;
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={4}>Sign in</Typography.Title>
        <Flex vertical gap={12}>
          <ProviderButton provider="google" action="Continue" />
          <ProviderButton provider="github" action="Continue" />
          <Button type="link" onClick={() => void navigate('/auth')}>
            Sign in with username and password
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
