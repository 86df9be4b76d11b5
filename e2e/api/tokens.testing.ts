import { expect, type APIRequestContext } from '@playwright/test';
import type { CreatedAccessToken, TokenScope } from '@warmpath/contracts';

/** Creates a personal access token with the session of `request`. */
export async function createToken(
  request: APIRequestContext,
  scopes: TokenScope[],
  name = 'script',
  expiresInDays: number | null = 30,
): Promise<CreatedAccessToken> {
  const response = await request.post('/api/tokens', { data: { name, scopes, expiresInDays } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedAccessToken;
}

export const bearer = (token: { secret: string } | string) => ({
  authorization: `Bearer ${typeof token === 'string' ? token : token.secret}`,
});
