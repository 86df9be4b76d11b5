import { Card, Flex, Tabs, Typography } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/session/auth-context';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { safeReturnUrl } from './safe-return-url';

const FEATURES = [
  ['Interactive visualization', 'See your whole network as a living graph, with you at the centre.'],
  ['Team collaboration', 'Pool networks with teammates in shared workspaces.'],
  ['Advanced analytics', 'Understand your network by company, function, seniority and time.'],
  ['Target mapping', 'Find the warmest introduction path to anyone.'],
] as const;

export function AuthPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  if (user) return <Navigate to={returnUrl} replace />;
  const tab = params.get('tab') === 'register' ? 'register' : 'signin';

  return (
    <Flex wrap gap={48} justify="center" align="center" style={{ padding: '48px 16px' }}>
      <Card style={{ width: 420, maxWidth: '100%' }}>
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setParams((p) => (key === 'register' ? p.set('tab', 'register') : p.delete('tab'), p), {
              replace: true,
            })
          }
          items={[
            { key: 'signin', label: 'Sign In', children: <LoginForm returnUrl={returnUrl} /> },
            { key: 'register', label: 'Register', children: <RegisterForm returnUrl={returnUrl} /> },
          ]}
        />
      </Card>
      <Flex vertical gap={16} style={{ maxWidth: 420 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Find your warmest introductions
        </Typography.Title>
        {FEATURES.map(([title, text]) => (
          <div key={title}>
            <Typography.Text strong>{title}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {text}
            </Typography.Paragraph>
          </div>
        ))}
      </Flex>
    </Flex>
  );
}
