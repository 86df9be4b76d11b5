import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, json, renderWithApp, stubServer, type Handler } from '../../lib/testing/app.testing';
import { JoinCodePage } from './join-code-page';
import { buildMyJoinRequest, errorBody } from './workspaces.testing';

function renderJoin(routes: Record<string, Handler>) {
  const fetchMock = stubServer(routes);
  renderWithApp(
    <Routes>
      <Route path="/join" element={<JoinCodePage />} />
      <Route path="/workspaces" element={<p>all workspaces</p>} />
    </Routes>,
    { route: '/join' },
  );
  return fetchMock;
}

function submit() {
  const button = document.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error('no submit button');
  fireEvent.click(button);
}

function toastDescription() {
  return document.querySelector('.ant-notification-notice-description')?.textContent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('JoinCodePage', () => {
  it('asks for a code, says administrators must approve, and requires a non-blank code', async () => {
    const fetchMock = renderJoin({ 'GET /api/workspaces/join-requests': () => json(200, []) });
    expect(await screen.findByText('Enter Invitation Code')).toBeTruthy();
    expect(
      screen.getByText('Workspace administrators must approve your request before you can join.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Invitation code'), { target: { value: '   ' } });
    submit();
    expect(await screen.findByText('Invitation code is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([r]) => r.method === 'POST')).toBe(false);
  });

  it("sends the trimmed code, shows 'Requesting Access...' meanwhile, then lists the request as pending", async () => {
    let mine: unknown[] = [];
    const bodies: unknown[] = [];
    let answer: (response: Response) => void = () => undefined;
    renderJoin({
      'GET /api/workspaces/join-requests': () => json(200, mine),
      'POST /api/workspaces/join-request': async (request) => {
        bodies.push(await request.json());
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    fireEvent.change(await screen.findByLabelText('Invitation code'), { target: { value: '  k7qm-2xpa ' } });
    submit();
    expect(await screen.findByText('Requesting Access...')).toBeTruthy();
    const request = buildMyJoinRequest({ teamName: 'Acme Sales', status: 'pending' });
    mine = [request];
    answer(json(201, request));
    const row = await screen.findByLabelText('Join request for Acme Sales');
    expect(within(row).getByText('Pending approval')).toBeTruthy();
    expect(bodies).toEqual([{ invitationCode: 'k7qm-2xpa' }]);
    expect(screen.getByText('Request Access')).toBeTruthy();
  });

  it("toasts 'Failed to join workspace' with the server's message", async () => {
    renderJoin({
      'GET /api/workspaces/join-requests': () => json(200, []),
      'POST /api/workspaces/join-request': () =>
        json(409, errorBody(409, 'You already have a pending request for this workspace', 'CONFLICT')),
    });
    fireEvent.change(await screen.findByLabelText('Invitation code'), { target: { value: 'K7QM2XPA' } });
    submit();
    expect(await screen.findByText('Failed to join workspace')).toBeTruthy();
    await waitFor(() =>
      expect(toastDescription()).toBe('You already have a pending request for this workspace'),
    );
  });

  it("falls back to 'An error occurred while submitting your request'", async () => {
    renderJoin({
      'GET /api/workspaces/join-requests': () => json(200, []),
      'POST /api/workspaces/join-request': () => new Response('', { status: 502 }),
    });
    fireEvent.change(await screen.findByLabelText('Invitation code'), { target: { value: 'K7QM2XPA' } });
    submit();
    await waitFor(() => expect(toastDescription()).toBe('An error occurred while submitting your request'));
  });

  it('shows approved and rejected requests, and goes back with Back to Workspaces', async () => {
    renderJoin({
      'GET /api/workspaces/join-requests': () =>
        json(200, [
          buildMyJoinRequest({ id: 1, teamName: 'Initech', status: 'approved', teamId: 8 }),
          buildMyJoinRequest({ id: 2, teamName: 'Umbrella', status: 'rejected' }),
        ]),
    });
    expect(
      within(await screen.findByLabelText('Join request for Initech')).getByText('Approved'),
    ).toBeTruthy();
    expect(within(screen.getByLabelText('Join request for Umbrella')).getByText('Rejected')).toBeTruthy();
    fireEvent.click(buttonByText('Back to Workspaces'));
    expect(await screen.findByText('all workspaces')).toBeTruthy();
  });
});
