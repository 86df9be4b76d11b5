import {
  createTokenRequestSchema,
  TOKEN_EXPIRY_DAYS,
  TOKEN_SCOPE_DESCRIPTIONS,
  TOKEN_SCOPES,
  type AccessToken,
  type CreatedAccessToken,
  type TokenScope,
} from '@warmpath/contracts';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Popconfirm, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api/api';
import { zodFieldRule } from '../../lib/forms/zod-rule';
import { useToast } from '../../lib/toast/use-toast';
import { CopyField } from '../workspaces';
import { useCreateTokenMutation, useListTokensQuery, useRevokeTokenMutation } from './tokens.api';

const tokenShape = createTokenRequestSchema as unknown as z.ZodObject<z.ZodRawShape>;
const NO_EXPIRY = 'never';

interface TokenForm {
  name: string;
  scopes: TokenScope[];
  expiry: string;
}

const formatDate = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleDateString() : none);

/** The profile page's "Personal access tokens": create (secret shown once), list, revoke. */
export function AccessTokensCard() {
  const toast = useToast();
  const [form] = Form.useForm<TokenForm>();
  const { data, isLoading } = useListTokensQuery();
  const [createToken, createState] = useCreateTokenMutation();
  const [revokeToken] = useRevokeTokenMutation();
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);

  const onCreate = async (values: TokenForm) => {
    try {
      const token = await createToken({
        name: values.name,
        scopes: values.scopes,
        expiresInDays: values.expiry === NO_EXPIRY ? null : Number(values.expiry),
      }).unwrap();
      setCreated(token);
      form.resetFields();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };
  const onRevoke = async (token: AccessToken) => {
    try {
      await revokeToken(token.id).unwrap();
      if (created?.id === token.id) setCreated(null);
      toast({ title: 'Token revoked', variant: 'success' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Card title="Personal access tokens">
      <Typography.Paragraph type="secondary">
        Tokens let scripts and the <Typography.Text code>warmpath-import</Typography.Text> command act for you
        with the scopes you choose. They can never manage tokens or your account. Send one as{' '}
        <Typography.Text code>Authorization: Bearer …</Typography.Text>; see the{' '}
        <a href="/api/docs">API reference</a>.
      </Typography.Paragraph>
      {created && (
        <Alert
          type="success"
          style={{ marginBottom: 16 }}
          title={`Token “${created.name}” created`}
          description={
            <Flex vertical gap={8}>
              <span>Copy it now: it will not be shown again.</span>
              <CopyField label="New token" value={created.secret} />
            </Flex>
          }
          closable={{ onClose: () => setCreated(null) }}
        />
      )}
      <Form<TokenForm>
        name="token"
        form={form}
        layout="vertical"
        initialValues={{ scopes: [], expiry: '30' }}
        onFinish={(values) => void onCreate(values)}
        aria-label="New personal access token"
      >
        <Form.Item label="Token name" name="name" rules={[zodFieldRule(tokenShape, 'name')]}>
          <Input placeholder="e.g. Team import script" maxLength={100} />
        </Form.Item>
        <Form.Item
          label="Scopes"
          name="scopes"
          rules={[{ type: 'array', min: 1, message: 'Choose at least one scope' }]}
        >
          <Checkbox.Group>
            <Flex vertical gap={4}>
              {TOKEN_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope}>
                  <Typography.Text code>{scope}</Typography.Text> {TOKEN_SCOPE_DESCRIPTIONS[scope]}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item label="Expires" name="expiry">
          <Select
            aria-label="Expires"
            style={{ maxWidth: 200 }}
            options={[
              ...TOKEN_EXPIRY_DAYS.map((days) => ({ value: String(days), label: `In ${days} days` })),
              { value: NO_EXPIRY, label: 'Never' },
            ]}
          />
        </Form.Item>
        <Button htmlType="submit" loading={createState.isLoading}>
          Create token
        </Button>
      </Form>
      <Flex vertical gap={8} style={{ marginTop: 16 }} role="list" aria-label="Your tokens">
        {isLoading ? null : !data?.tokens.length ? (
          <Typography.Text type="secondary">No tokens yet</Typography.Text>
        ) : (
          data.tokens.map((token) => <TokenRow key={token.id} token={token} onRevoke={onRevoke} />)
        )}
      </Flex>
    </Card>
  );
}

/** One token: name, scopes, dates, and revoke behind a confirmation. */
function TokenRow({
  token,
  onRevoke,
}: {
  token: AccessToken;
  onRevoke: (token: AccessToken) => Promise<void>;
}) {
  return (
    <Flex role="listitem" justify="space-between" align="start" gap={8}>
      <Flex vertical gap={4}>
        <Typography.Text strong>{token.name}</Typography.Text>
        <Flex gap={4} wrap>
          {token.scopes.map((scope) => (
            <Tag key={scope}>{scope}</Tag>
          ))}
        </Flex>
        <Typography.Text type="secondary">
          Created {formatDate(token.createdAt, '')} · Last used {formatDate(token.lastUsedAt, 'never')} ·{' '}
          {token.expiresAt ? `Expires ${formatDate(token.expiresAt, '')}` : 'No expiry'}
        </Typography.Text>
      </Flex>
      <Popconfirm
        title={`Revoke “${token.name}”?`}
        description="Scripts using it stop working at once."
        okText="Revoke"
        okButtonProps={{ danger: true }}
        onConfirm={() => void onRevoke(token)}
      >
        <Button size="small" danger aria-label={`Revoke ${token.name}`}>
          Revoke
        </Button>
      </Popconfirm>
    </Flex>
  );
}
