import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubServer, TEST_USER } from '../lib/testing/app.testing';
import { Providers } from './providers';
import { routes } from './routes';

vi.mock('../graph', async () => (await import('../lib/testing/fake-graph-engine.testing')).fakeGraphModule());

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
/**
 * Every step mounts a page for the first time (antd's styles of a whole layout): seconds each on
 * a loaded machine, beyond the 5 s testing-library default. A bound on waiting, not a speed claim.
 */
const FIRST_MOUNT = { timeout: 15_000 };

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** A server where nobody is signed in yet; returns the bodies of the registrations it received. */
function signedOutServer(): unknown[] {
  let user: typeof TEST_USER | null = null;
  const registrations: unknown[] = [];
  stubServer({
    'GET /api/user': () => (user ? json(200, user) : json(401, { message: 'Not signed in' })),
    'POST /api/login': () => {
      user = TEST_USER;
      return json(200, user);
    },
    'POST /api/register': async (request) => {
      registrations.push(await request.json());
      user = TEST_USER;
      return json(201, user);
    },
    [`GET /api/invitations/${TOKEN}`]: () =>
      json(200, {
        teamName: 'Acme Sales',
        inviterName: 'Ben Ode',
        role: 'member',
        expiresAt: '2026-03-11T10:00:00Z',
      }),
    'GET /api/workspaces/join-requests': () => json(200, []),
  });
  return registrations;
}

async function signIn() {
  fireEvent.change(await screen.findByLabelText('Username', undefined, FIRST_MOUNT), {
    target: { value: 'maya' },
  });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
  fireEvent.click(document.querySelector('form[aria-label="Sign in"] button[type="submit"]') as HTMLElement);
}

async function fillRegistration() {
  const fields = {
    'First name': 'Maya',
    'Last name': 'Chen',
    Email: 'maya@example.org',
    Username: 'maya',
    Password: 'secret123',
    'Confirm password': 'secret123',
  };
  const form = await waitFor(() => {
    const found = document.querySelector<HTMLFormElement>('form[aria-label="Register"]');
    if (!found) throw new Error('no Register form yet');
    return found;
  }, FIRST_MOUNT);
  for (const [label, value] of Object.entries(fields)) {
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  }
  fireEvent.click(form.querySelector('button[type="submit"]') as HTMLElement);
}

// The pages are lazy chunks: transform them once up front, so that under a loaded machine the
// waits below measure the app, not vitest compiling a chunk on first use.
beforeAll(async () => {
  await Promise.all([
    // routes.tsx starts loading the dashboard's chunk as soon as it is imported.
    import('../features/dashboard/dashboard-page'),
    import('../features/auth/auth-page'),
    import('../features/workspaces/join-invitation-page'),
    import('../features/workspaces/join-code-page'),
    import('../features/workspaces/workspace-list-page'),
  ]);
}, 60_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Each test renders the whole app (layout, session, a lazy page, a sign-in and another page):
// well over the default 15 s when the full suite runs on a loaded machine.
describe('workspace routes', { timeout: 60_000 }, () => {
  it('sends a signed-out visitor of /join/{token} to sign in and brings them back to the invitation', async () => {
    signedOutServer();
    const router = renderApp(`/join/${TOKEN}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), FIRST_MOUNT);
    expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent(`/join/${TOKEN}`)}`);
    await signIn();
    expect(await screen.findByText('Accept & Join Workspace', undefined, FIRST_MOUNT)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/join/${TOKEN}`);
  });

  it('registers a signed-out visitor of /join/{token} with that invitation and brings them back to it', async () => {
    const registrations = signedOutServer();
    const router = renderApp(`/join/${TOKEN}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Register' }, FIRST_MOUNT));
    await fillRegistration();
    expect(await screen.findByText('Accept & Join Workspace', undefined, FIRST_MOUNT)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/join/${TOKEN}`);
    expect(registrations).toEqual([
      expect.objectContaining({ email: 'maya@example.org', invitation: TOKEN }),
    ]);
  });

  it('sends a signed-out visitor of /join to sign in and back', async () => {
    signedOutServer();
    const router = renderApp('/join');
    await waitFor(() => expect(router.state.location.search).toBe('?returnUrl=%2Fjoin'), FIRST_MOUNT);
    await signIn();
    expect(await screen.findByText('Enter Invitation Code', undefined, FIRST_MOUNT)).toBeTruthy();
  });

  it("serves the same list at /teams and at /workspaces, reached from the mobile menu's Workspaces", async () => {
    stubServer({
      'GET /api/teams': () => json(200, []),
      'GET /api/workspaces/join-requests': () => json(200, []),
    });
    const router = renderApp('/teams');
    expect(await screen.findByText('No workspaces yet', undefined, FIRST_MOUNT)).toBeTruthy();
    // jsdom matches no media query, so the nav bar is the mobile one: its menu holds the link.
    fireEvent.click(await screen.findByLabelText('Open menu', undefined, FIRST_MOUNT));
    const link = await waitFor(() => {
      const anchor = document.querySelector<HTMLAnchorElement>('.ant-drawer a[href="/workspaces"]');
      if (!anchor) throw new Error('no Workspaces link yet');
      return anchor;
    }, FIRST_MOUNT);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspaces'), FIRST_MOUNT);
    expect(await screen.findByText('No workspaces yet', undefined, FIRST_MOUNT)).toBeTruthy();
  });
});
