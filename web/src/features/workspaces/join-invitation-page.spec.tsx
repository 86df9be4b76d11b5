import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, json, renderWithApp, stubServer, type Handler } from '../../lib/testing/app.testing';
import { JoinInvitationPage } from './join-invitation-page';
import { errorBody } from './workspaces.testing';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const lookup = {
  teamName: 'Acme Sales',
  inviterName: 'Maya Chen',
  role: 'member',
  expiresAt: '2026-03-11T10:00:00Z',
};

function renderJoin(routes: Record<string, Handler>) {
  stubServer({ 'GET /api/workspaces/join-requests': () => json(200, []), ...routes });
  renderWithApp(
    <Routes>
      <Route path="/join/:token" element={<JoinInvitationPage />} />
      <Route path="/workspaces" element={<p>all workspaces</p>} />
      <Route path="/workspaces/:id" element={<p>workspace network</p>} />
    </Routes>,
    { route: `/join/${TOKEN}` },
  );
}

function toastDescription() {
  return document.querySelector('.ant-notification-notice-description')?.textContent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('JoinInvitationPage', () => {
  it("shows who invited the user to which workspace and joins it with 'Accept & Join Workspace'", async () => {
    let accept: (response: Response) => void = () => undefined;
    renderJoin({
      [`GET /api/invitations/${TOKEN}`]: () => json(200, lookup),
      [`POST /api/invitations/${TOKEN}/accept`]: () => new Promise<Response>((resolve) => (accept = resolve)),
    });
    expect(await screen.findByText('Join Workspace')).toBeTruthy();
    const text = screen.getByText(/You have been invited to join/).textContent;
    expect(text).toBe('You have been invited to join Acme Sales by Maya Chen.');
    fireEvent.click(buttonByText('Accept & Join Workspace'));
    expect(await screen.findByText('Joining...')).toBeTruthy();
    accept(json(200, { teamId: 5, teamName: 'Acme Sales' }));
    expect(await screen.findByText('workspace network')).toBeTruthy();
  });

  it('goes back to /workspaces on Decline', async () => {
    renderJoin({ [`GET /api/invitations/${TOKEN}`]: () => json(200, lookup) });
    fireEvent.click(await screen.findByText('Decline'));
    expect(await screen.findByText('all workspaces')).toBeTruthy();
  });

  it("toasts 'Failed to join workspace' with the server's message (another account)", async () => {
    renderJoin({
      [`GET /api/invitations/${TOKEN}`]: () => json(200, lookup),
      [`POST /api/invitations/${TOKEN}/accept`]: () =>
        json(403, errorBody(403, 'This invitation was sent to b***@example.org: sign in with that account')),
    });
    fireEvent.click(await screen.findByText('Accept & Join Workspace'));
    expect(await screen.findByText('Failed to join workspace')).toBeTruthy();
    await waitFor(() =>
      expect(toastDescription()).toBe(
        'This invitation was sent to b***@example.org: sign in with that account',
      ),
    );
    expect(screen.getByText('Accept & Join Workspace')).toBeTruthy();
  });

  it("falls back to 'An error occurred while joining the workspace'", async () => {
    renderJoin({
      [`GET /api/invitations/${TOKEN}`]: () => json(200, lookup),
      [`POST /api/invitations/${TOKEN}/accept`]: () => new Response('', { status: 500 }),
    });
    fireEvent.click(await screen.findByText('Accept & Join Workspace'));
    await waitFor(() => expect(toastDescription()).toBe('An error occurred while joining the workspace'));
  });

  it.each([
    [
      'an unknown link',
      () => json(404, errorBody(404, 'Invitation not found', 'NOT_FOUND')),
      'Invalid invitation link',
    ],
    [
      'an expired link',
      () => json(410, errorBody(410, 'Invitation expired', 'expired')),
      'This invitation has expired.',
    ],
    [
      'a used link',
      () => json(410, errorBody(410, 'This invitation has already been used', 'GONE')),
      'This invitation has already been used',
    ],
    [
      'a failed lookup',
      () => new Response('', { status: 503 }),
      'Error checking invitation. Please try again.',
    ],
  ])("shows 'Invalid Invitation' for %s, with 'Go to Workspaces'", async (_case, answer, message) => {
    renderJoin({ [`GET /api/invitations/${TOKEN}`]: answer });
    expect(await screen.findByText('Invalid Invitation')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    fireEvent.click(buttonByText('Go to Workspaces'));
    expect(await screen.findByText('all workspaces')).toBeTruthy();
  });
});
