import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buttonByText,
  findModal,
  json,
  renderWithApp,
  stubServer,
  TEST_USER,
} from '../../lib/testing/app.testing';
import { buildMyJoinRequest, buildWorkspace, errorBody } from './workspaces.testing';
import { WorkspaceListPage } from './workspace-list-page';

function renderList(route = '/workspaces') {
  return renderWithApp(
    <Routes>
      <Route path="/workspaces" element={<WorkspaceListPage />} />
      <Route path="/teams" element={<WorkspaceListPage />} />
      <Route path="/workspaces/:id" element={<p>network of workspace</p>} />
      <Route path="/join" element={<p>join by code</p>} />
    </Routes>,
    { route },
  );
}

function submitOf(modal: HTMLElement): HTMLButtonElement {
  const button = modal.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error('no submit button');
  return button;
}

const noRequests = { 'GET /api/workspaces/join-requests': () => json(200, []) };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WorkspaceListPage', () => {
  it('shows 3 skeleton cards while the workspaces load', async () => {
    stubServer({ ...noRequests, 'GET /api/teams': () => new Promise<Response>(() => undefined) });
    renderList();
    await waitFor(() => expect(screen.getAllByLabelText('Loading workspace')).toHaveLength(3));
  });

  it("says 'No workspaces yet' when the user has none", async () => {
    stubServer({ ...noRequests, 'GET /api/teams': () => json(200, []) });
    renderList('/teams');
    expect(await screen.findByText('No workspaces yet')).toBeTruthy();
  });

  it('shows each card with its badge, description, real member count and created date', async () => {
    const own = buildWorkspace({ id: 5, name: 'Acme Sales', memberCount: 3 });
    const theirs = buildWorkspace({
      id: 6,
      name: 'Globex Partners',
      description: null,
      createdById: 99,
      role: 'member',
      memberCount: 7,
    });
    stubServer({ ...noRequests, 'GET /api/teams': () => json(200, [own, theirs]) });
    renderList();
    const acme = await screen.findByLabelText('Acme Sales');
    expect(within(acme).getByText('Owner')).toBeTruthy();
    expect(within(acme).getByText('Pooled network of the sales team')).toBeTruthy();
    expect(within(acme).getByLabelText('Members').textContent).toBe('3');
    expect(within(acme).getByText(`Created ${new Date(own.createdAt).toLocaleDateString()}`)).toBeTruthy();
    expect(within(acme).getByText('Invite')).toBeTruthy();
    const globex = screen.getByLabelText('Globex Partners');
    expect(within(globex).getByText('Member')).toBeTruthy();
    expect(within(globex).getByText('No description provided')).toBeTruthy();
    expect(within(globex).getByLabelText('Members').textContent).toBe('7');
    // A plain member may not invite (docs/product.md#roles).
    expect(within(globex).queryByText('Invite')).toBeNull();
    fireEvent.click(within(globex).getByText('View Network'));
    expect(await screen.findByText('network of workspace')).toBeTruthy();
  });

  it('lets an admin member invite from the card', async () => {
    const workspace = buildWorkspace({ createdById: 99, role: 'admin' });
    stubServer({ ...noRequests, 'GET /api/teams': () => json(200, [workspace]) });
    renderList();
    const card = await screen.findByLabelText('Acme Sales');
    expect(within(card).getByText('Member')).toBeTruthy();
    fireEvent.click(within(card).getByText('Invite'));
    expect(within(await findModal('Invite to Acme Sales')).getByText('Direct Invite')).toBeTruthy();
  });

  it('goes to /join from Join Workspace', async () => {
    stubServer({ ...noRequests, 'GET /api/teams': () => json(200, []) });
    renderList();
    fireEvent.click(buttonByText('Join Workspace'));
    expect(await screen.findByText('join by code')).toBeTruthy();
  });

  it('shows the state of the user’s own join requests', async () => {
    stubServer({
      'GET /api/teams': () => json(200, []),
      'GET /api/workspaces/join-requests': () =>
        json(200, [
          buildMyJoinRequest({ id: 1, teamName: 'Globex Partners', status: 'pending' }),
          buildMyJoinRequest({ id: 2, teamName: 'Initech', status: 'approved', teamId: 8 }),
          buildMyJoinRequest({ id: 3, teamName: 'Umbrella', status: 'rejected' }),
        ]),
    });
    renderList();
    expect(
      within(await screen.findByLabelText('Join request for Globex Partners')).getByText('Pending approval'),
    ).toBeTruthy();
    expect(within(screen.getByLabelText('Join request for Initech')).getByText('Approved')).toBeTruthy();
    expect(within(screen.getByLabelText('Join request for Umbrella')).getByText('Rejected')).toBeTruthy();
  });

  it('shows the generic failure when the list cannot be read (docs/product.md#messages)', async () => {
    stubServer({
      ...noRequests,
      'GET /api/teams': () =>
        new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain' } }),
    });
    renderList();
    expect(await screen.findByText('502: Bad Gateway')).toBeTruthy();
  });
});

describe('Create Workspace', () => {
  it('keeps submit disabled until a name is typed, then creates the workspace and shows its card', async () => {
    const created = buildWorkspace({ id: 12, name: 'Design Guild', description: null, memberCount: 1 });
    let workspaces: unknown[] = [];
    const bodies: unknown[] = [];
    stubServer({
      ...noRequests,
      'GET /api/teams': () => json(200, workspaces),
      'POST /api/teams': async (request) => {
        bodies.push(await request.json());
        workspaces = [created];
        return json(201, created);
      },
    });
    renderList();
    await screen.findByText('No workspaces yet');
    fireEvent.click(buttonByText('Create Workspace'));
    const modal = await findModal('Create Workspace');
    const submit = submitOf(modal);
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(modal).getByLabelText('Workspace Name'), { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(modal).getByLabelText('Workspace Name'), { target: { value: ' Design Guild ' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByLabelText('Design Guild')).toBeTruthy();
    expect(bodies).toEqual([{ name: 'Design Guild', description: null }]);
  });

  it("toasts 'Failed to create workspace' with the server's message", async () => {
    stubServer({
      ...noRequests,
      'GET /api/teams': () => json(200, []),
      'POST /api/teams': () => json(400, errorBody(400, 'Workspace name must be at most 100 characters')),
    });
    renderList();
    fireEvent.click(buttonByText('Create Workspace'));
    const modal = await findModal('Create Workspace');
    fireEvent.change(within(modal).getByLabelText('Workspace Name'), { target: { value: 'Design' } });
    await waitFor(() => expect(submitOf(modal).disabled).toBe(false));
    fireEvent.click(submitOf(modal));
    expect(await screen.findByText('Failed to create workspace')).toBeTruthy();
    expect(screen.getByText('Workspace name must be at most 100 characters')).toBeTruthy();
  });

  it("falls back to 'Failed to create workspace' when the failure says nothing", async () => {
    stubServer({
      ...noRequests,
      'GET /api/teams': () => json(200, []),
      'POST /api/teams': () => new Response('', { status: 500 }),
    });
    renderList();
    fireEvent.click(buttonByText('Create Workspace'));
    const modal = await findModal('Create Workspace');
    fireEvent.change(within(modal).getByLabelText('Workspace Name'), { target: { value: 'Design' } });
    await waitFor(() => expect(submitOf(modal).disabled).toBe(false));
    fireEvent.click(submitOf(modal));
    await waitFor(() =>
      expect(document.querySelector('.ant-notification-notice-description')?.textContent).toBe(
        'Failed to create workspace',
      ),
    );
  });
});

it('treats the owner badge by createdById, the current user being TEST_USER', () => {
  expect(buildWorkspace().createdById).toBe(TEST_USER.id);
});
