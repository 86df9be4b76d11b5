import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Connection, WarmPathView } from '@warmpath/contracts';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as graph from '../../graph';
import { preloadAskIntro } from '../intros';
import type { FakeGraphEngine } from '../../lib/testing/fake-graph-engine.testing';
import { findModal, json, renderWithApp, stubServer } from '../../lib/testing/app.testing';
import { buildTestNetwork } from '../../lib/testing/connections.testing';
import { buildTestPath } from '../../lib/testing/paths.testing';
import { BEN, buildMember, buildWorkspace, OWNER } from './workspaces.testing';
import { renderWorkspaceNetwork } from './workspace-network';
import { WorkspacePage } from './workspace-page';

vi.mock('../../graph', async () =>
  (await import('../../lib/testing/fake-graph-engine.testing')).fakeGraphModule(),
);

const engines = (graph as unknown as { engines: FakeGraphEngine[] }).engines;

// The asks for an intro where a workspace shows a person (docs/intros.md#where-to-ask): the details
// panel a graph node opens, with its path, and a table row and a super-connector, without. You are Maya (1); Ben Ode (2) and Cy Park (3)
// are teammates. Finn only Ben knows; Gil you and Ben know; Ivy Ben and Cy know; Hal is yours.
const pooled = buildTestNetwork([
  { id: 'u2', userId: 2, firstName: 'Ben', lastName: 'Ode', isTeammate: true, knownBy: [1] },
  { id: 'u3', userId: 3, firstName: 'Cy', lastName: 'Park', isTeammate: true, knownBy: [1] },
  { id: '20', userId: 2, firstName: 'Finn', lastName: 'Hart', company: 'Globex', knownBy: [2] },
  { id: '21', userId: 1, firstName: 'Gil', lastName: 'Ray', company: 'Acme', knownBy: [1, 2] },
  { id: '22', userId: 2, firstName: 'Ivy', lastName: 'Stone', company: 'Hooli', knownBy: [2, 3] },
  { id: '23', userId: 1, firstName: 'Hal', lastName: 'Moss', company: 'Initech', knownBy: [1] },
]);
const [you, ben] = pooled.connections as [Connection, Connection];
const personById = new Map(pooled.connections.map((person) => [person.id, person]));
const teamNetwork = {
  ...pooled,
  workspace: {
    teamId: 5,
    members: [
      { userId: 1, sharing: 'names', people: 2, companies: 2 },
      { userId: 2, sharing: 'names', people: 3, companies: 3 },
      { userId: 3, sharing: 'names', people: 1, companies: 1 },
    ],
  },
};

/** The warmest path to anyone Ben knows: you → Ben → them. */
function pathThroughBen(to: Connection): WarmPathView {
  return buildTestPath(
    [you, ben, to],
    [
      { explanation: 'Ben Ode is your teammate' },
      { explanation: `Ben Ode knows ${to.firstName} ${to.lastName} (4 years)` },
    ],
  );
}

const SLOW = { timeout: 10_000 };

function renderWorkspace() {
  return stubServer({
    'GET /api/teams/5': () => json(200, buildWorkspace({ createdById: 99, role: 'member' })),
    'GET /api/teams/5/members': () => json(200, [OWNER, BEN, buildMember({ userId: 3, name: 'Cy Park' })]),
    'GET /api/teams/5/network': () => json(200, teamNetwork),
    'GET /api/network/paths': (request) => {
      const to = personById.get(new URL(request.url).searchParams.get('to') ?? '');
      return to ? json(200, pathThroughBen(to)) : json(404, { message: 'Connection not found' });
    },
    'GET /api/teams/5/intro-stats': () =>
      json(200, {
        teamId: 5,
        month: '2026-03',
        requestsThisMonth: 0,
        acceptanceRate: null,
        medianHoursToAnswer: null,
        meetings: 0,
        members: [],
        unnamed: { answered: 0, made: 0 },
      }),
    'POST /api/network/generate-warm-intro': () =>
      json(200, { intro: 'Hi there, meet Maya.', provider: 'built-in' }),
  });
}

function renderPage() {
  const fetchMock = renderWorkspace();
  renderWithApp(
    <Routes>
      <Route
        path="/workspaces/:id"
        element={<WorkspacePage variant="workspace" renderNetwork={renderWorkspaceNetwork} />}
      />
    </Routes>,
    { route: '/workspaces/5' },
  );
  return fetchMock;
}

/** The dialog opened from a place without a path: it looked the path up and names Ben. */
async function expectAskOfBen(fetchMock: ReturnType<typeof renderWorkspace>, to: string, name: string) {
  const dialog = await findModal('Ask Ben Ode for an intro');
  expect(await within(dialog).findByText(`Ben Ode knows ${name} (4 years)`, {}, SLOW)).toBeTruthy();
  expect(
    within(dialog).getByText(`Ben Ode knows ${name} and will get your request by mail and in Warmpath.`),
  ).toBeTruthy();
  const lookups = fetchMock.mock.calls
    .map(([request]) => new URL(request.url))
    .filter((url) => url.pathname === '/api/network/paths');
  expect(
    lookups.map((url) => [url.searchParams.get('to'), url.searchParams.get('workspaceId')]),
  ).toContainEqual([to, '5']);
}

// The dialog is a lazy chunk: loaded once here, so opening it in a test waits on nothing.
beforeAll(preloadAskIntro);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  engines.length = 0;
});

// Each test renders the whole page (header, sidebar, graph, table) in jsdom: seconds on a busy machine.
describe('asking for an intro from the workspace network', { timeout: 60_000 }, () => {
  it('a node clicked in the pooled graph opens its details, whose path names the teammate to ask', async () => {
    const fetchMock = renderPage();
    await waitFor(() => expect(engines.at(-1)?.setGraph).toHaveBeenCalled(), SLOW);
    act(() => engines.at(-1)?.emit('click', personById.get('20')!));
    const panel = await screen.findByLabelText('Connection Details');
    expect(await within(panel).findByText('Ben Ode knows Finn Hart (4 years)', {}, SLOW)).toBeTruthy();
    fireEvent.click(within(panel).getByText('Ask Ben Ode for an intro'));
    await expectAskOfBen(fetchMock, '20', 'Finn Hart');
  });

  it('a super-connector known by teammates only has the ask; one you know has none', async () => {
    const fetchMock = renderPage();
    const list = await screen.findByRole('list', { name: 'Known by the most teammates' }, SLOW);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Gil Ray.*Known by 2 members$/),
      expect.stringMatching(/^Ivy Stone.*Known by 2 membersAsk for an intro$/),
    ]);
    fireEvent.click(within(items[1]!).getByText('Ask for an intro'));
    await expectAskOfBen(fetchMock, '22', 'Ivy Stone');
  });

  it('a table row of someone only a teammate knows has the ask; yours and teammates have none', async () => {
    const fetchMock = renderPage();
    fireEvent.click(await screen.findByText('Table', {}, SLOW));
    // The network's table (the page has others: each member's reach).
    const table = (await screen.findByText('Connection Degree', {}, SLOW)).closest(
      '.ant-table',
    ) as HTMLElement;
    const rowOf = (name: string) => {
      const row = within(table).getByText(name).closest('tr');
      if (!row) throw new Error(`no row for ${name}`);
      return row;
    };
    await waitFor(() => expect(within(table).getByText('Finn Hart')).toBeTruthy(), SLOW);
    for (const name of ['Hal Moss', 'Gil Ray', 'Ben Ode'])
      expect(within(rowOf(name)).queryByText('Ask for an intro')).toBeNull();
    expect(within(rowOf('Ivy Stone')).getByText('Ask for an intro').closest('button')).toBeTruthy();
    fireEvent.click(within(rowOf('Finn Hart')).getByText('Ask for an intro'));
    await expectAskOfBen(fetchMock, '20', 'Finn Hart');
  });
});
