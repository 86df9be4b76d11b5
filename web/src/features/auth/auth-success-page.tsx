import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../lib/toast/use-toast';
import { useAuth } from '../../lib/session/auth-context';

export const REDIRECT_DELAY_MS = 3000;

/** Result of a provider sign-in (product-spec §2 /auth-success): a state, then a redirect after 3 s. */
export function AuthSuccessPage() {
  const [params] = useSearchParams();
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const error = params.get('error');
  const source = params.get('source');
  const connections = Number.parseInt(params.get('connections') ?? '', 10);
  const state = error ? 'error' : isLoading || user === undefined ? 'loading' : user ? 'success' : 'failed';

  useEffect(() => {
    if (state === 'loading') return;
    if (state === 'error')
      toast({ title: 'Authentication failed', description: error ?? undefined, variant: 'destructive' });
    const timer = setTimeout(
      () => void navigate(state === 'failed' ? '/auth' : '/', { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [state, error, navigate, toast]);

  if (state === 'loading')
    return <Spin size="large" style={{ display: 'block', margin: '96px auto' }} aria-label="Loading" />;
  if (state === 'error') return <Result status="error" title="Authentication failed" subTitle={error} />;
  if (state === 'failed')
    return <Result status="warning" title="Authentication Failed" subTitle="Redirecting to sign in..." />;
  if (source === 'linkedin') {
    return (
      <Result
        status="success"
        title="LinkedIn connected"
        subTitle={
          <>
            LinkedIn does not share your connections with apps
            {Number.isFinite(connections) ? ` (${connections} connections imported)` : ''}. To import them:
            open LinkedIn Settings → Data privacy → Get a copy of your data → Connections, download
            Connections.csv, then use &apos;Import LinkedIn Connections&apos; on your dashboard.
          </>
        }
        extra={<Button onClick={() => void navigate('/')}>Go to dashboard</Button>}
      />
    );
  }
  const name = user?.firstName || user?.username || 'User';
  return <Result status="success" title={`Welcome, ${name}!`} subTitle="Redirecting to your dashboard..." />;
}
