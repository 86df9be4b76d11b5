import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buttonByText,
  findModal,
  json,
  renderWithApp,
  stubServer,
  type Handler,
} from '../../lib/testing/app.testing';
import { BEN, buildJoinRequest, buildWorkspace, errorBody, OWNER } from './workspaces.testing';
import { WorkspacePage } from './workspace-page';

function renderPage(routes: Record<string, Handler>) {
  const fetchMock = stubServer({
    'GET /api/teams/5': () => json(200, buildWorkspace()),
    'GET /api/teams/5/members': () => json(200, [OWNER, BEN]),
    'GET /api/teams/5/invitations': () => json(200, []),
    ...routes,
  });
  renderWithApp(
    <Routes>
      <Route path="/workspaces/:id" element={<WorkspacePage variant="workspace" />} />
    </Routes>,
    { route: '/workspaces/5' },
  );
  return fetchMock;
}

async function openDialog() {
  await screen.findByText('Pending Requests');
  fireEvent.click(buttonByText('Pending Requests'));
  return findModal('Pending Join Requests');
}

function toastDescription() {
  return document.querySelector('.ant-notification-notice-description')?.textContent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Pending Requests', () => {
  it('shows a red badge with the number of pending requests and each request in the dialog', async () => {
    renderPage({
      'GET /api/teams/5/join-requests': () =>
        json(200, [
          buildJoinRequest(),
          buildJoinRequest({
            invitationId: 42,
            requestorName: 'Dan Wu',
            email: 'dan@x.org',
            requestedAt: '',
          }),
          buildJoinRequest({ invitationId: 43, requestorName: 'Old Decided', status: 'approved' }),
        ]),
    });
    await waitFor(() => expect(document.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('2'));
    const modal = await openDialog();
    const carla = within(modal).getByRole('listitem', { name: 'Carla Ruiz' });
    expect(within(carla).getByText('carla@example.org')).toBeTruthy();
    expect(within(carla).getByText('Requested 3 hours ago · Code: K7QM2XPA')).toBeTruthy();
    const dan = within(modal).getByRole('listitem', { name: 'Dan Wu' });
    expect(within(dan).getByText(/^Requested recently/)).toBeTruthy();
    expect(within(modal).queryByText('Old Decided')).toBeNull();
  });

  it('approves with a spinner while processing, and the request leaves the list', async () => {
    let requests = [buildJoinRequest()];
    const bodies: unknown[] = [];
    let answer: (response: Response) => void = () => undefined;
    renderPage({
      'GET /api/teams/5/join-requests': () => json(200, requests),
      'POST /api/teams/5/join-requests/41': async (request) => {
        bodies.push(await request.json());
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    const modal = await openDialog();
    const approve = within(modal).getByLabelText('Approve Carla Ruiz');
    fireEvent.click(approve);
    await waitFor(() => expect(approve.className).toContain('ant-btn-loading'));
    expect((within(modal).getByLabelText('Reject Carla Ruiz') as HTMLButtonElement).disabled).toBe(true);
    requests = [{ ...requests[0], status: 'approved' }];
    answer(json(200, requests[0]));
    expect(await within(modal).findByText('No pending requests')).toBeTruthy();
    expect(bodies).toEqual([{ action: 'approve' }]);
    expect(screen.getByText('Request approved')).toBeTruthy();
  });

  it('rejects, and says why a decision failed or falls back to "Failed to reject request"', async () => {
    let answer = json(409, errorBody(409, 'This request was already decided', 'CONFLICT'));
    renderPage({
      'GET /api/teams/5/join-requests': () => json(200, [buildJoinRequest()]),
      'POST /api/teams/5/join-requests/41': () => answer,
    });
    const modal = await openDialog();
    fireEvent.click(within(modal).getByLabelText('Reject Carla Ruiz'));
    await waitFor(() => expect(toastDescription()).toBe('This request was already decided'));
    answer = new Response('', { status: 500 });
    await waitFor(() =>
      expect((within(modal).getByLabelText('Reject Carla Ruiz') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(modal).getByLabelText('Reject Carla Ruiz'));
    await waitFor(() => expect(toastDescription()).toBe('Failed to reject request'));
  });

  it("says 'No pending requests' when there are none", async () => {
    renderPage({ 'GET /api/teams/5/join-requests': () => json(200, []) });
    expect(within(await openDialog()).getByText('No pending requests')).toBeTruthy();
  });

  it("says 'Failed to load join requests. Please try again.' when they cannot be loaded", async () => {
    renderPage({ 'GET /api/teams/5/join-requests': () => json(500, errorBody(500, 'Internal error')) });
    const modal = await openDialog();
    expect(await within(modal).findByText('Failed to load join requests. Please try again.')).toBeTruthy();
  });

  it('is neither shown to nor loaded for a member who is not the owner', async () => {
    const fetchMock = renderPage({
      'GET /api/teams/5': () => json(200, buildWorkspace({ createdById: 99, role: 'admin' })),
    });
    expect(await screen.findByText('Acme Sales Network')).toBeTruthy();
    await screen.findByRole('listitem', { name: 'Ben Ode' });
    expect(screen.queryByText('Pending Requests')).toBeNull();
    expect(fetchMock.mock.calls.some(([r]) => new URL(r.url).pathname.endsWith('/join-requests'))).toBe(
      false,
    );
    // An admin may still invite (docs/product.md#roles).
    expect(screen.getByText('Invite')).toBeTruthy();
  });
});
