import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findModal, json, renderWithApp, stubServer, type Handler } from '../../lib/testing/app.testing';
import { BEN, OWNER, buildWorkspace } from '../../lib/testing/workspaces.testing';
import { TargetListsPage } from './target-lists-page';
import { LIST_ID, buildTargetList } from './targets.testing';

const BENS_LIST = buildTargetList({
  id: '9a8b7c6d-1111-4222-8333-444455556666',
  name: "Ben's partners",
  createdBy: 2,
  sourceName: null,
});

function renderLists(routes: Record<string, Handler> = {}, route = '/workspaces/5/targets') {
  const fetchMock = stubServer({
    'GET /api/teams/5': () => json(200, buildWorkspace({ role: 'member', createdById: 2 })),
    'GET /api/teams/5/members': () => json(200, [OWNER, BEN]),
    'GET /api/teams/5/target-lists': () =>
      json(200, { lists: [buildTargetList({ newWaysIn: 3 }), BENS_LIST] }),
    'GET /api/target-lists': () => json(200, { lists: [] }),
    ...routes,
  });
  renderWithApp(
    <Routes>
      <Route path="/targets" element={<TargetListsPage />} />
      <Route path="/workspaces/:id/targets" element={<TargetListsPage />} />
    </Routes>,
    { route },
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TargetListsPage', () => {
  it('lists a workspace’s lists with new ways in, and lets a member change only their own', async () => {
    renderLists();
    const mine = (await screen.findByText('Q3 accounts')).closest('tr')!;
    expect(within(mine).getByText('3 new ways in')).toBeTruthy();
    expect(within(mine).getByText('accounts.csv')).toBeTruthy();
    expect(within(mine).getByText('Delete')).toBeTruthy();
    const bens = screen.getByText("Ben's partners").closest('tr')!;
    expect(within(bens).getByText('Pasted')).toBeTruthy();
    expect(within(bens).getByText(/^Ben Ode, /)).toBeTruthy();
    expect(within(bens).queryByText('Delete')).toBeNull();
    expect(screen.getByText('Q3 accounts').closest('a')?.getAttribute('href')).toBe(
      `/workspaces/5/targets/${LIST_ID}`,
    );
  }, 30_000);

  it('deletes a list after confirming', async () => {
    const deleted = vi.fn(() => json(200, { id: LIST_ID }));
    renderLists({ [`DELETE /api/teams/5/target-lists/${LIST_ID}`]: deleted });
    const mine = (await screen.findByText('Q3 accounts')).closest('tr')!;
    fireEvent.click(within(mine).getByText('Delete'));
    const confirm = (await screen.findByText('Its targets and corrections are deleted too.')).closest(
      '.ant-popover',
    );
    fireEvent.click(within(confirm as HTMLElement).getByText('Delete'));
    await waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));
  }, 30_000);

  it('says why a delete failed', async () => {
    renderLists({
      [`DELETE /api/teams/5/target-lists/${LIST_ID}`]: () =>
        json(403, { message: "Only the list's creator or the workspace's owner or admins may change it" }),
    });
    const mine = (await screen.findByText('Q3 accounts')).closest('tr')!;
    fireEvent.click(within(mine).getByText('Delete'));
    const confirm = (await screen.findByText('Its targets and corrections are deleted too.')).closest(
      '.ant-popover',
    );
    fireEvent.click(within(confirm as HTMLElement).getByText('Delete'));
    expect(await screen.findByText('Could not delete the list')).toBeTruthy();
    expect(
      screen.getByText("Only the list's creator or the workspace's owner or admins may change it"),
    ).toBeTruthy();
  }, 30_000);

  it('renames a list, and shows a refused name as the server says', async () => {
    const bodies: unknown[] = [];
    let refuse = true;
    renderLists({
      [`PUT /api/teams/5/target-lists/${LIST_ID}`]: async (request) => {
        bodies.push(await request.json());
        return refuse
          ? json(400, { message: 'Name is too long' })
          : json(200, buildTargetList({ name: 'Q4 accounts' }));
      },
    });
    const mine = (await screen.findByText('Q3 accounts')).closest('tr')!;
    fireEvent.click(within(mine).getByText('Rename'));
    const dialog = await findModal('Rename list');
    fireEvent.change(within(dialog).getByLabelText('New list name'), { target: { value: 'Q4 accounts' } });
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Name is too long')).toBeTruthy();
    refuse = false;
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(document.querySelector('.ant-modal-title')).toBeNull());
    expect(bodies).toEqual([{ name: 'Q4 accounts' }, { name: 'Q4 accounts' }]);
  }, 30_000);

  it('shows your own lists, empty at first', async () => {
    renderLists({}, '/targets');
    expect(await screen.findByText(/No target lists yet/)).toBeTruthy();
    expect(screen.getByText(/^My network/)).toBeTruthy();
  });

  it('answers a workspace you are not in as not found', async () => {
    renderLists({ 'GET /api/teams/5': () => json(404, { message: 'Workspace not found' }) });
    expect(await screen.findByText('Workspace Not Found')).toBeTruthy();
  });
});
