import { GithubOutlined, GoogleOutlined, LinkedinOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useOauthProvidersQuery } from './auth.api';

const LABELS = { linkedin: 'LinkedIn', google: 'Google', github: 'GitHub' } as const;
const ICONS = {
  linkedin: <LinkedinOutlined />,
  google: <GoogleOutlined />,
  github: <GithubOutlined />,
} as const;
type Provider = keyof typeof LABELS;

/**
 * LinkedIn starts at /auth/linkedin; Google and GitHub at /api/oauth/{provider}
 * (docs/product.md#provider-sign-in).
 */
export function providerStartUrl(provider: Provider): string {
  return provider === 'linkedin' ? '/auth/linkedin' : `/api/oauth/${provider}`;
}

export function ProviderButton({
  provider,
  action,
}: {
  provider: Provider;
  action: 'Sign in' | 'Register' | 'Continue';
}) {
  const { data } = useOauthProvidersQuery();
  const configured = data?.find((p) => p.provider === provider)?.configured ?? false;
  return (
    <Button
      block
      icon={ICONS[provider]}
      disabled={!configured}
      onClick={() => window.location.assign(providerStartUrl(provider))}
    >
      {configured ? `${action} with ${LABELS[provider]}` : `${LABELS[provider]} sign-in is not configured`}
    </Button>
  );
}
