import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  TOKEN_SCOPE_DESCRIPTIONS,
  TOKEN_SCOPES,
  type AccessToken,
  type CreatedAccessToken,
} from '@warmpath/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, json, renderWithApp, stubServer } from '../../lib/testing/app.testing';
import { AccessTokensCard } from './access-tokens-card';

const SECRET = `wp_pat_${'a'.repeat(43)}`;
const existing: AccessToken = {
  id: 7,
  name: 'Nightly sync',
  scopes: ['network:read'],
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A form, a select, checkboxes and a popconfirm: antd's first renders are slow on a loaded 2-core
// machine, so each test gets a larger budget than the default (no timing is asserted).
describe('Personal access tokens', { timeout: 60_000 }, () => {
  it('creates a token with the chosen scopes and expiry, and shows its secret once with a copy button', async () => {
    const tokens: AccessToken[] = [existing];
    let sent: unknown = null;
    stubServer({
      'GET /api/tokens': () => json(200, { tokens }),
      'POST /api/tokens': async (request) => {
        sent = await request.json();
        const created: CreatedAccessToken = {
          ...existing,
          id: 8,
          name: 'Importer',
          scopes: ['imports:write'],
          expiresAt: '2026-12-25T10:00:00.000Z',
          secret: SECRET,
        };
        const { secret: _secret, ...listed } = created;
        tokens.unshift(listed);
        return json(201, created);
      },
    });
    renderWithApp(<AccessTokensCard />);
    expect(await screen.findByText(/Last used never · No expiry/)).toBeTruthy();
    fireEvent.change(document.querySelector('#token_name') as HTMLInputElement, {
      target: { value: 'Importer' },
    });
    fireEvent.click(document.querySelector('input[value="imports:write"]') as HTMLInputElement);
    fireEvent.click(buttonByText('Create token'));
    const secret = (await screen.findByLabelText('New token')) as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    expect(screen.getByText('Copy it now: it will not be shown again.')).toBeTruthy();
    expect(sent).toEqual({ name: 'Importer', scopes: ['imports:write'], expiresInDays: 30 });
  });

  it('offers every scope of the contracts with its description, the target lists ones included', async () => {
    stubServer({ 'GET /api/tokens': () => json(200, { tokens: [] }) });
    renderWithApp(<AccessTokensCard />);
    expect(await screen.findByText('No tokens yet')).toBeTruthy();
    expect(TOKEN_SCOPES).toEqual(expect.arrayContaining(['targets:read', 'targets:write']));
    for (const scope of TOKEN_SCOPES) {
      expect(document.querySelector(`input[value="${scope}"]`)).toBeTruthy();
      expect(screen.getByText(TOKEN_SCOPE_DESCRIPTIONS[scope], { exact: false })).toBeTruthy();
    }
  });

  it('asks for a name and at least one scope before sending anything', async () => {
    const fetchMock = stubServer({ 'GET /api/tokens': () => json(200, { tokens: [] }) });
    renderWithApp(<AccessTokensCard />);
    expect(await screen.findByText('No tokens yet')).toBeTruthy();
    fireEvent.click(buttonByText('Create token'));
    expect(await screen.findByText('Token name is required')).toBeTruthy();
    expect(await screen.findByText('Choose at least one scope')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([r]) => (r as Request).method === 'POST')).toBe(false);
  });

  it('revokes a token after confirmation', async () => {
    let tokens = [existing];
    stubServer({
      'GET /api/tokens': () => json(200, { tokens }),
      'DELETE /api/tokens/7': () => {
        tokens = [];
        return json(200, { revoked: true });
      },
    });
    renderWithApp(<AccessTokensCard />);
    fireEvent.click(await screen.findByLabelText('Revoke Nightly sync'));
    const confirm = await screen.findByText('Scripts using it stop working at once.');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByText('Revoke'));
    await waitFor(() => expect(screen.queryByText('Nightly sync')).toBeNull());
    expect(await screen.findByText('No tokens yet')).toBeTruthy();
  });
});
