import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubServer, TEST_USER } from '../../lib/testing/app.testing';
import { AuthPage } from './auth-page';

/** First mount of antd's form on a loaded machine: a bound on waiting, not a speed claim. */
const FIRST_MOUNT = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A signed-out server; returns the bodies of the registrations it received. */
function server(): unknown[] {
  const registrations: unknown[] = [];
  stubServer({
    'GET /api/user': () => json(401, { message: 'Not signed in' }),
    'POST /api/register': async (request) => {
      registrations.push(await request.json());
      return json(201, TEST_USER);
    },
  });
  return registrations;
}

async function register() {
  const form = await waitFor(() => {
    const found = document.querySelector<HTMLFormElement>('form[aria-label="Register"]');
    if (!found) throw new Error('no Register form yet');
    return found;
  }, FIRST_MOUNT);
  const fields = {
    'First name': 'Maya',
    'Last name': 'Chen',
    Email: 'maya@example.org',
    Username: 'maya',
    Password: 'secret123',
    'Confirm password': 'secret123',
  };
  for (const [label, value] of Object.entries(fields)) {
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  }
  fireEvent.click(form.querySelector('button[type="submit"]') as HTMLElement);
  expect(await screen.findByText('Registration successful', undefined, FIRST_MOUNT)).toBeTruthy();
}

describe('Register', { timeout: 60_000 }, () => {
  it('sends the invitation of the /join/{token} link the visitor came from', async () => {
    const registrations = server();
    renderWithApp(<AuthPage />, { route: '/auth?tab=register&returnUrl=%2Fjoin%2Ftok_abc' });
    await register();
    expect(registrations).toEqual([expect.objectContaining({ username: 'maya', invitation: 'tok_abc' })]);
  });

  it.each(['/auth?tab=register', '/auth?tab=register&returnUrl=%2Fworkspaces%2F3'])(
    'sends no invitation when registering from %s',
    async (route) => {
      const registrations = server();
      renderWithApp(<AuthPage />, { route });
      await register();
      expect(registrations).toHaveLength(1);
      expect(registrations[0]).toMatchObject({ username: 'maya', email: 'maya@example.org' });
      expect(registrations[0]).not.toHaveProperty('invitation');
    },
  );
});
