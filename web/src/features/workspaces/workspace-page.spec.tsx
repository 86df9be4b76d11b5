import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, json, renderWithApp, stubServer, type Handler } from '../../lib/testing/app.testing';
import { BEN, buildInvitationCreated, buildWorkspace, errorBody, OWNER } from './workspaces.testing';
import { WorkspacePage, type WorkspaceNetworkProps } from './workspace-page';

const network = vi.fn((props: WorkspaceNetworkProps) => <p>pooled network of {props.teamId}</p>);

function renderPage(routes: Record<string, Handler>, route = '/workspaces/5') {
  const fetchMock = stubServer(routes);
  renderWithApp(
    <Routes>
      <Route path="/workspaces/:id" element={<WorkspacePage variant="workspace" renderNetwork={network} />} />
      <Route path="/teams/:id" element={<WorkspacePage variant="team" />} />
      <Route path="/workspaces" element={<p>all workspaces</p>} />
      <Route path="/workspaces/:id/targets" element={<p>target lists</p>} />
    </Routes>,
    { route },
  );
  return fetchMock;
}

const owned = {
  'GET /api/teams/5': () => json(200, buildWorkspace()),
  'GET /api/teams/5/members': () => json(200, [OWNER, BEN]),
  'GET /api/teams/5/join-requests': () => json(200, []),
  'GET /api/teams/5/invitations': () => json(200, []),
};
const joined = {
  'GET /api/teams/5': () => json(200, buildWorkspace({ createdById: 99, role: 'member' })),
  'GET /api/teams/5/members': () => json(200, [BEN, { ...OWNER, role: 'member' as const }]),
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  network.mockClear();
});

function toastDescription() {
  return document.querySelector('.ant-notification-notice-description')?.textContent;
}

describe('WorkspacePage header', () => {
  it("shows the name + ' Network', the description and the members with role and joined date", async () => {
    renderPage(owned);
    expect(await screen.findByText('Acme Sales Network')).toBeTruthy();
    expect(screen.getByText('Pooled network of the sales team')).toBeTruthy();
    const ben = await screen.findByRole('listitem', { name: 'Ben Ode' });
    expect(within(ben).getByText('Member')).toBeTruthy();
    expect(within(ben).getByText(`Joined ${new Date(BEN.joinedAt).toLocaleDateString()}`)).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Maya Chen' })).getByText('Owner')).toBeTruthy();
  });

  it('filters by collaborator: All, or one member, who is highlighted and handed to the network slot', async () => {
    renderPage(owned);
    const group = await screen.findByRole('group', { name: 'Collaborators' });
    expect(within(group).getByText('All').closest('button')?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(group).getByText('Ben Ode'));
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Ben Ode' }).getAttribute('aria-current')).toBe('true'),
    );
    expect(network).toHaveBeenLastCalledWith({ teamId: 5, selectedMemberId: BEN.userId });
    fireEvent.click(within(group).getByText('All'));
    await waitFor(() => expect(network).toHaveBeenLastCalledWith({ teamId: 5, selectedMemberId: null }));
  });

  it("shows 'Workspace Not Found' with a link back for a missing or hidden workspace", async () => {
    renderPage({ 'GET /api/teams/5': () => json(404, errorBody(404, 'Workspace not found', 'NOT_FOUND')) });
    expect(await screen.findByText('Workspace Not Found')).toBeTruthy();
    expect(screen.getByText('Back to Workspaces').closest('a')?.getAttribute('href')).toBe('/workspaces');
  });

  it("shows 'Workspace Not Found' for an id that cannot be one, without asking the server", async () => {
    const fetchMock = renderPage({}, '/workspaces/abc');
    expect(await screen.findByText('Workspace Not Found')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([r]) => new URL(r.url).pathname.startsWith('/api/teams'))).toBe(false);
  });

  it("shows 'Team Not Found' with a link to /teams on the older team screen", async () => {
    renderPage({ 'GET /api/teams/7': () => json(404, errorBody(404, 'Workspace not found')) }, '/teams/7');
    expect(await screen.findByText('Team Not Found')).toBeTruthy();
    expect(screen.getByText('Back to Teams').closest('a')?.getAttribute('href')).toBe('/teams');
  });

  it('shows the team screen without collaborators or pending requests', async () => {
    renderPage(
      {
        'GET /api/teams/7': () => json(200, buildWorkspace({ id: 7 })),
        'GET /api/teams/7/members': () => json(200, [OWNER]),
      },
      '/teams/7',
    );
    expect(await screen.findByText('Acme Sales Network')).toBeTruthy();
    await screen.findByRole('listitem', { name: 'Maya Chen' });
    expect(screen.queryByRole('group', { name: 'Collaborators' })).toBeNull();
    expect(screen.queryByText('Pending Requests')).toBeNull();
  });
});

describe('WorkspacePage first picture', () => {
  const networkReads = (fetchMock: ReturnType<typeof renderPage>) =>
    fetchMock.mock.calls
      .map(([request]) => new URL(request.url).pathname)
      .filter((path) => path.startsWith('/api/teams/5/network'));

  it('starts reading the pooled network beside the workspace, before the workspace answers', async () => {
    let answerWorkspace: (response: Response) => void = () => undefined;
    const fetchMock = renderPage({
      ...owned,
      'GET /api/teams/5': () => new Promise<Response>((resolve) => (answerWorkspace = resolve)),
    });
    await waitFor(() => expect(networkReads(fetchMock).length).toBeGreaterThan(0));
    expect(screen.queryByText('Acme Sales Network')).toBeNull();
    answerWorkspace(json(200, buildWorkspace()));
    expect(await screen.findByText('Acme Sales Network')).toBeTruthy();
  });

  it('reads no network for a screen that shows none', async () => {
    const fetchMock = renderPage(
      {
        'GET /api/teams/5': () => json(200, buildWorkspace()),
        'GET /api/teams/5/members': () => json(200, [OWNER]),
      },
      '/teams/5',
    );
    await screen.findByRole('listitem', { name: 'Maya Chen' });
    expect(networkReads(fetchMock)).toEqual([]);
  });
});

describe('WorkspacePage target lists', () => {
  it("opens the workspace's target lists from the header, for any member", async () => {
    renderPage(joined);
    fireEvent.click(await screen.findByText('Target lists'));
    expect(await screen.findByText('target lists')).toBeTruthy();
  });
});

describe('WorkspacePage members and sharing', () => {
  it("changes the caller's own sharing level", async () => {
    const bodies: unknown[] = [];
    renderPage({
      ...joined,
      'PUT /api/teams/5/sharing': async (request) => {
        bodies.push(await request.json());
        return json(200, { ...OWNER, sharing: 'counts' });
      },
    });
    const select = await screen.findByLabelText('Sharing level');
    expect(screen.getByText('Name, company, position')).toBeTruthy();
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Counts only'));
    expect(await screen.findByText('Sharing updated')).toBeTruthy();
    expect(bodies).toEqual([{ sharing: 'counts' }]);
  });

  it('lets a member leave after confirming, then goes to /workspaces', async () => {
    const left = vi.fn(() => json(200, { left: true }));
    renderPage({ ...joined, 'POST /api/teams/5/leave': left });
    fireEvent.click(await screen.findByText('Leave Workspace'));
    expect(await screen.findByText('Leave this workspace?')).toBeTruthy();
    expect(left).not.toHaveBeenCalled();
    fireEvent.click(buttonByText('Leave'));
    expect(await screen.findByText('all workspaces')).toBeTruthy();
    expect(left).toHaveBeenCalledOnce();
    expect(screen.queryByText('Delete Workspace')).toBeNull();
  });

  it('shows why leaving failed', async () => {
    renderPage({
      ...joined,
      'POST /api/teams/5/leave': () =>
        json(403, errorBody(403, 'The owner cannot leave; delete the workspace')),
    });
    fireEvent.click(await screen.findByText('Leave Workspace'));
    fireEvent.click(await screen.findByText('Leave'));
    await waitFor(() => expect(toastDescription()).toBe('The owner cannot leave; delete the workspace'));
  });

  it('lets the owner remove a member after confirming', async () => {
    let members = [OWNER, BEN];
    renderPage({
      ...owned,
      'GET /api/teams/5/members': () => json(200, members),
      [`DELETE /api/teams/5/members/${BEN.userId}`]: () => {
        members = [OWNER];
        return json(200, { removed: true });
      },
    });
    const ben = await screen.findByRole('listitem', { name: 'Ben Ode' });
    fireEvent.click(within(ben).getByText('Remove'));
    expect(await screen.findByText('Remove Ben Ode?')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-dangerous') as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ben Ode' })).toBeNull());
    expect(screen.getByText('Member removed')).toBeTruthy();
  });

  it('lets the owner delete the workspace after confirming, then goes to /workspaces', async () => {
    const deleted = vi.fn(() => json(200, { deleted: true }));
    renderPage({ ...owned, 'DELETE /api/teams/5': deleted });
    fireEvent.click(await screen.findByText('Delete Workspace'));
    expect(await screen.findByText('Delete this workspace?')).toBeTruthy();
    fireEvent.click(buttonByText('Delete'));
    expect(await screen.findByText('all workspaces')).toBeTruthy();
    expect(deleted).toHaveBeenCalledOnce();
    expect(screen.queryByText('Leave Workspace')).toBeNull();
  });
});

describe('WorkspacePage invitations', () => {
  it('shows the owner each e-mail invitation with its state and whether its mail went out', async () => {
    const { token: _token, joinUrl: _joinUrl, ...invitation } = buildInvitationCreated();
    renderPage({
      ...owned,
      'GET /api/teams/5/invitations': () =>
        json(200, [
          { ...invitation, id: 1, email: 'ben@example.org', state: 'accepted', mailStatus: 'sent' },
          { ...invitation, id: 2, email: 'dan@example.org', state: 'pending', mailStatus: 'retrying' },
        ]),
    });
    const ben = await screen.findByRole('listitem', { name: 'ben@example.org' });
    expect(within(ben).getByText('Accepted')).toBeTruthy();
    expect(within(ben).getByText(/Mail sent/)).toBeTruthy();
    const dan = screen.getByRole('listitem', { name: 'dan@example.org' });
    expect(within(dan).getByText('Pending')).toBeTruthy();
    expect(within(dan).getByText(/Mail not sent yet, retrying/)).toBeTruthy();
  });

  it("says 'No invitations sent yet', and shows nothing of the kind to a plain member", async () => {
    renderPage(owned);
    expect(await screen.findByText('No invitations sent yet')).toBeTruthy();
    cleanup();
    const fetchMock = renderPage(joined);
    await screen.findByRole('listitem', { name: 'Ben Ode' });
    expect(screen.queryByText('Invitations')).toBeNull();
    expect(fetchMock.mock.calls.some(([r]) => new URL(r.url).pathname.endsWith('/invitations'))).toBe(false);
  });
});
