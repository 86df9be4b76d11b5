import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WarmPathView } from '@warmpath/contracts';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as graph from '../../graph';
import type { FakeGraphEngine } from '../../lib/testing/fake-graph-engine.testing';
import {
  buttonByText,
  findModal,
  json,
  renderWithApp,
  stubServer,
  type Handler,
} from '../../lib/testing/app.testing';
import { buildTestNetwork } from '../../lib/testing/connections.testing';
import { buildTestPath } from '../../lib/testing/paths.testing';
import { BEN, buildWorkspace, OWNER } from './workspaces.testing';
import { renderTeamNetwork, renderWorkspaceNetwork } from './workspace-network';
import { WorkspacePage } from './workspace-page';

vi.mock('../../graph', async () =>
  (await import('../../lib/testing/fake-graph-engine.testing')).fakeGraphModule(),
);

const engines = (graph as unknown as { engines: FakeGraphEngine[] }).engines;

// You are Maya (1); Ben Ode (2) is your teammate. Finn only Ben knows, Gil both of you, Hal only you.
const pooled = buildTestNetwork([
  {
    id: 'u2',
    userId: 2,
    firstName: 'Ben',
    lastName: 'Ode',
    isTeammate: true,
    knownBy: [1],
    connectionDegree: 1,
  },
  {
    id: '20',
    userId: 2,
    firstName: 'Finn',
    lastName: 'Hart',
    company: 'Globex',
    connectionDegree: 2,
    knownBy: [2],
  },
  { id: '21', userId: 1, firstName: 'Gil', lastName: 'Ray', company: 'Acme', knownBy: [1, 2] },
  { id: '22', userId: 1, firstName: 'Hal', lastName: 'Moss', company: 'Initech', knownBy: [1] },
]);
const [you, ben, finn] = pooled.connections;
const teamNetwork = {
  ...pooled,
  workspace: {
    teamId: 5,
    members: [
      { userId: 1, sharing: 'names', people: 2, companies: 2 },
      { userId: 2, sharing: 'counts', people: 2, companies: 2 },
    ],
  },
};
const pathToFinn: WarmPathView = buildTestPath(
  [you, ben, finn],
  [
    { warmth: 0.9, explanation: 'Ben Ode is your teammate' },
    { warmth: 0.66, explanation: 'Ben Ode knows Finn Hart (6 years)', yearsConnected: 6 },
  ],
);

const introStats = {
  teamId: 5,
  month: '2026-03',
  requestsThisMonth: 1,
  acceptanceRate: 1,
  medianHoursToAnswer: 2,
  meetings: 1,
  members: [
    { userId: 1, name: 'Maya Chen', asked: 1, answered: 0, made: 0 },
    { userId: 2, name: 'Ben Ode', asked: 0, answered: 1, made: 1 },
  ],
  unnamed: { answered: 0, made: 0 },
};

function renderWorkspace(routes: Record<string, Handler> = {}, route = '/workspaces/5') {
  const fetchMock = stubServer({
    'GET /api/teams/5': () => json(200, buildWorkspace({ createdById: 99, role: 'member' })),
    'GET /api/teams/5/members': () => json(200, [OWNER, BEN]),
    'GET /api/teams/5/network': () => json(200, teamNetwork),
    'GET /api/network/paths': () => json(200, pathToFinn),
    'GET /api/teams/5/intro-stats': () => json(200, introStats),
    ...routes,
  });
  renderWithApp(
    <Routes>
      <Route
        path="/workspaces/:id"
        element={<WorkspacePage variant="workspace" renderNetwork={renderWorkspaceNetwork} />}
      />
      <Route path="/teams/:id" element={<WorkspacePage variant="team" renderNetwork={renderTeamNetwork} />} />
    </Routes>,
    { route },
  );
  return fetchMock;
}

/** A first render of the whole page in jsdom on a busy machine takes seconds. */
const SLOW = { timeout: 10_000 };

/** The graph's hover card (antd tooltips are role=tooltip too, and hidden ones are not found by role). */
function hoverCardText(): string {
  const cards = [...document.querySelectorAll('[role="tooltip"]')].filter((el) =>
    el.querySelector('.ant-card'),
  );
  return cards.map((card) => card.textContent).join('');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  engines.length = 0;
});

// Each test renders the whole page (header, sidebar, graph, table) in jsdom: seconds on a busy machine.
describe('the pooled network of a workspace', { timeout: 60_000 }, () => {
  it('shows everyone the team knows, with real degree counts, and highlights a collaborator’s people', async () => {
    renderWorkspace();
    expect(await screen.findByText('Showing: 4 connections • 4 relationships', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Expand Filters & Analysis'));
    expect(screen.getByLabelText('1st degree count').textContent).toBe('2');
    expect(screen.getByLabelText('2nd degree count').textContent).toBe('2');

    const collaborators = screen.getByRole('group', { name: 'Collaborators' });
    fireEvent.click(within(collaborators).getByText('Ben Ode'));
    // Highlighted, not narrowed: Ben's own node, Finn (only Ben) and Gil (both of you); Hal is only yours.
    await waitFor(() =>
      expect(engines.at(-1)?.setMemberHighlight).toHaveBeenLastCalledWith([ben.id, finn.id, '21']),
    );
    expect(screen.getByText('Showing: 4 connections • 4 relationships')).toBeTruthy();
    expect(engines.at(-1)?.setGraph).toHaveBeenLastCalledWith(
      expect.objectContaining({ nodes: pooled.connections }),
    );
    // Yourself: your teammate Ben (you know him too), Gil and Hal; never Finn.
    fireEvent.click(within(collaborators).getByText('Maya Chen'));
    await waitFor(() =>
      expect(engines.at(-1)?.setMemberHighlight).toHaveBeenLastCalledWith([ben.id, '21', '22']),
    );
    expect(screen.getByText('Showing: 4 connections • 4 relationships')).toBeTruthy();
    fireEvent.click(within(collaborators).getByText('All'));
    await waitFor(() => expect(engines.at(-1)?.setMemberHighlight).toHaveBeenLastCalledWith([]));
    expect(screen.getByText('Showing: 4 connections • 4 relationships')).toBeTruthy();
  });

  it("shows the hover card's real 'known by N teammates' and the teammate legend entry", async () => {
    renderWorkspace();
    // The panel listens once the engine reaches it (a transition after the canvas mounts).
    await waitFor(() => expect(engines.at(-1)?.on).toHaveBeenCalledWith('hover', expect.any(Function)), SLOW);
    act(() => engines.at(-1)?.emit('hover', { node: finn, x: 10, y: 10 }));
    await waitFor(() => expect(hoverCardText()).toContain('Known by 1 teammate'));
    act(() => engines.at(-1)?.emit('hover', { node: pooled.connections[3], x: 10, y: 10 }));
    await waitFor(() => expect(hoverCardText()).toContain('Also known by 1 teammate'));
    act(() => engines.at(-1)?.emit('hover', { node: pooled.connections[4], x: 10, y: 10 }));
    await waitFor(() => expect(hoverCardText()).toContain('Hal Moss'));
    expect(hoverCardText()).not.toContain('known by');
    expect(screen.getByText('Teammate')).toBeTruthy();
  });

  it('details: which teammates know the person, the path through them, and the intro via that teammate', async () => {
    const intros: unknown[] = [];
    const fetchMock = renderWorkspace({
      'POST /api/network/generate-warm-intro': async (request) => {
        intros.push(await request.json());
        return json(200, { intro: 'Hi Ben, could you introduce me to Finn?', provider: 'built-in' });
      },
    });
    await waitFor(() => expect(engines.at(-1)?.setGraph).toHaveBeenCalled(), SLOW);
    act(() => engines.at(-1)?.emit('click', finn));
    const panel = await screen.findByLabelText('Connection Details');
    const knownBy = within(panel).getByRole('list', { name: 'Teammates who know this person' });
    expect(
      within(knownBy)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ben Ode']);
    expect(within(panel).getByText('Known by 1 teammate')).toBeTruthy();
    expect(await within(panel).findByText('Ben Ode knows Finn Hart (6 years)')).toBeTruthy();
    const pathRequest = fetchMock.mock.calls
      .map(([request]) => new URL(request.url))
      .find((url) => url.pathname === '/api/network/paths');
    expect(pathRequest?.searchParams.get('workspaceId')).toBe('5');
    expect(pathRequest?.searchParams.get('to')).toBe('20');
    expect(engines.at(-1)?.setHighlight).toHaveBeenLastCalledWith({
      nodeIds: ['u1', 'u2', '20'],
      linkIds: ['u1-u2', 'u2-20'],
    });
    // Finn is Ben's connection: no notes of yours to keep on him.
    expect(within(panel).queryByLabelText('Private notes')).toBeNull();

    await waitFor(() => expect(buttonByText('Generate warm intro').disabled).toBe(false));
    fireEvent.click(buttonByText('Generate warm intro'));
    await findModal('Warm introduction');
    expect(intros).toEqual([
      expect.objectContaining({
        target: expect.objectContaining({ name: 'Finn Hart', company: 'Globex' }),
        intermediary: expect.objectContaining({ name: 'Ben Ode' }),
      }),
    ]);
  });

  it('lists the super-connectors and each member reach, and opens a super-connector', async () => {
    renderWorkspace();
    const people = await screen.findByRole('list', { name: 'Known by the most teammates' }, SLOW);
    expect(within(people).getAllByRole('listitem')).toHaveLength(1);
    expect(within(people).getByText('Known by 2 members')).toBeTruthy();
    const reach = await screen.findByLabelText("Each member's reach", undefined, SLOW);
    const rows = [...reach.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Ben Ode', '2', '2', '1', 'Counts only'],
      ['Maya Chen', '2', '2', '0', 'Name, company, position'],
    ]);
    fireEvent.click(within(people).getByText('Gil Ray'));
    const panel = await screen.findByLabelText('Connection Details');
    expect(within(panel).getByText('Known by 1 teammate and you')).toBeTruthy();
  });

  it('/teams/{id}: no collaborators, a search on name, company or position, and the detail panel', async () => {
    renderWorkspace({}, '/teams/5');
    expect(await screen.findByText('Showing: 4 connections • 4 relationships', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Collaborators' })).toBeNull();
    expect(screen.queryByText('Super-connectors')).toBeNull();
    const search = screen.getByLabelText('Search the workspace network');
    fireEvent.change(search, { target: { value: 'GLOB' } });
    fireEvent.click(await screen.findByText('Finn Hart'));
    const panel = await screen.findByLabelText('Connection Details');
    expect(within(panel).getByText('Software Engineer at Globex')).toBeTruthy();
  });
});
