import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as graph from '../../graph';
import type { FakeGraphEngine } from '../../lib/testing/fake-graph-engine.testing';
import { buttonByText, findModal, json, renderWithApp, stubServer } from '../../lib/testing/app.testing';
import { buildTestNetwork } from '../../lib/testing/connections.testing';
import { DashboardPage } from './dashboard-page';

vi.mock('../../graph', async () =>
  (await import('../../lib/testing/fake-graph-engine.testing')).fakeGraphModule(),
);

const engines = (graph as unknown as { engines: FakeGraphEngine[] }).engines;
const network = buildTestNetwork([
  { firstName: 'Ana', lastName: 'Silva', company: 'Acme', position: 'Engineer', yearsConnected: 6 },
  { firstName: 'Ben', lastName: 'Ode', company: 'Globex', position: null, connectionDegree: 2 },
]);
const stats = {
  total: 2,
  byDegree: { first: 1, second: 1, third: 0 },
  topCompanies: [],
  byCategory: {},
  bySeniority: { junior: 2, mid: 0, managerDirector: 0, executive: 0 },
  perYear: [],
  version: '1',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  engines.length = 0;
});

describe('DashboardPage', () => {
  it("shows 'Loading network data...' while the network loads", async () => {
    stubServer({ 'GET /api/network': () => new Promise<Response>(() => undefined) });
    renderWithApp(<DashboardPage />);
    expect(await screen.findByText('Loading network data...')).toBeTruthy();
  });

  it("shows 'No connections found' and opens 'Import LinkedIn Data' from it", async () => {
    stubServer({ 'GET /api/network': () => json(200, buildTestNetwork([])) });
    renderWithApp(<DashboardPage />);
    expect(await screen.findByText('No connections found')).toBeTruthy();
    expect(
      screen.getByText('Import your LinkedIn connections with the Import LinkedIn Data button.'),
    ).toBeTruthy();
    fireEvent.click(buttonByText('Import LinkedIn Data'));
    expect(within(await findModal('Import LinkedIn Data')).getByText('CSV file')).toBeTruthy();
  });

  it('shows the generic failure message when the network cannot be read (docs/product.md#messages)', async () => {
    stubServer({
      'GET /api/network': () =>
        new Response('Service Unavailable', { status: 503, headers: { 'content-type': 'text/plain' } }),
    });
    renderWithApp(<DashboardPage />);
    expect(await screen.findByText('503: Service Unavailable')).toBeTruthy();
  });

  it('hands the network to the graph and shows the Showing line, the legend and real degree counts', async () => {
    stubServer({
      'GET /api/network': () => json(200, network),
      'GET /api/network/stats': () => json(200, stats),
    });
    renderWithApp(<DashboardPage />);
    expect(await screen.findByText('Showing: 2 connections • 2 relationships')).toBeTruthy();
    await waitFor(() => expect(engines.at(-1)?.setGraph).toHaveBeenCalled());
    expect(buttonByText('Network Legend').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByLabelText('Expand Filters & Analysis'));
    expect(screen.getByLabelText('1st degree count').textContent).toBe('1');
    expect(screen.getByLabelText('2nd degree count').textContent).toBe('1');
    fireEvent.click(screen.getByLabelText('2nd degree'));
    expect(await screen.findByText('Showing: 1 connections • 1 relationships')).toBeTruthy();
  });

  it('opens the details of a clicked person with the warmest path and highlights it', async () => {
    const ana = network.connections[1];
    const path = {
      found: true,
      fromId: 'u1',
      toId: ana.id,
      warmth: 0.74,
      nodes: [network.connections[0], ana],
      links: [network.relationships[0]],
      hops: [
        {
          fromId: 'u1',
          toId: ana.id,
          warmth: 0.74,
          explanation: 'You know Ana Silva (6 years)',
          kind: 'knows',
          linkId: 'u1-1',
          yearsConnected: 6,
          workedTogether: false,
          sharedCompany: null,
          sameFunction: false,
        },
      ],
      version: '1',
    };
    stubServer({
      'GET /api/network': () => json(200, network),
      'GET /api/network/paths': () => json(200, path),
    });
    renderWithApp(<DashboardPage />);
    await waitFor(() => expect(engines.at(-1)?.setGraph).toHaveBeenCalled());
    act(() => engines.at(-1)?.emit('click', ana));
    const panel = await screen.findByLabelText('Connection Details');
    expect(within(panel).getByText('Engineer at Acme')).toBeTruthy();
    expect(await within(panel).findByText('You know Ana Silva (6 years)')).toBeTruthy();
    expect(engines.at(-1)?.setHighlight).toHaveBeenLastCalledWith({
      nodeIds: ['u1', '1'],
      linkIds: ['u1-1'],
    });
  });

  describe('changed since last import', () => {
    const reimportedAt = '2026-11-25T10:00:00.000Z';
    const changedNetwork = buildTestNetwork([
      { firstName: 'Ana', lastName: 'Silva', company: 'Acme', position: 'Engineer' },
      { firstName: 'Eve', lastName: 'Nova', company: 'Hooli', createdAt: '2026-11-25T10:00:02.000Z' },
      {
        firstName: 'Dan',
        lastName: 'Moss',
        company: 'Initech',
        exportHistory: {
          absentSince: null,
          previousCompany: 'Globex',
          previousPosition: 'CTO',
          jobChangedAt: '2026-11-25T10:00:02.000Z',
        },
      },
    ]);
    const imports = {
      imports: [
        { state: 'completed', createdAt: reimportedAt, imported: 1, updated: 1, unchanged: 1, absent: 0 },
        {
          state: 'completed',
          createdAt: '2026-11-01T10:00:00.000Z',
          imported: 2,
          updated: 0,
          unchanged: 0,
          absent: 0,
        },
      ],
    };
    const serve = () =>
      stubServer({
        'GET /api/network': () => json(200, changedNetwork),
        'GET /api/imports': () => json(200, imports),
      });

    it('counts them in the sidebar and highlights them in the graph when turned on', async () => {
      serve();
      renderWithApp(<DashboardPage />);
      fireEvent.click(await screen.findByLabelText('Expand Filters & Analysis'));
      expect((await screen.findByLabelText('Changed since last import count')).textContent).toBe('2');
      fireEvent.click(screen.getByRole('switch', { name: 'Changed since last import' }));
      await waitFor(() =>
        expect(engines.at(-1)?.setHighlight).toHaveBeenLastCalledWith({
          nodeIds: new Set(['2', '3']),
          linkIds: [],
        }),
      );
      // Everyone stays in the graph.
      expect(screen.getByTestId('showing-line').textContent).toBe('Showing: 3 connections • 3 relationships');
    }, 60_000);

    it('lists only them in the table, from the link', async () => {
      serve();
      renderWithApp(<DashboardPage />, { route: '/?view=table&changed=1' });
      expect(await screen.findByText('2 connections', undefined, { timeout: 15_000 })).toBeTruthy();
      const table = screen.getByRole('table');
      expect(within(table).getByText(/Eve Nova/)).toBeTruthy();
      expect(within(table).getByText(/Dan Moss/)).toBeTruthy();
      expect(within(table).queryByText(/Ana Silva/)).toBeNull();
    }, 60_000);
  });

  it('keeps the Fly-by Tour off when no connection is in view', async () => {
    stubServer({ 'GET /api/network': () => json(200, network) });
    renderWithApp(<DashboardPage />, { route: '/?degrees=' });
    expect(await screen.findByText('Showing: 0 connections • 0 relationships')).toBeTruthy();
    expect(buttonByText('Fly-by Tour').disabled).toBe(true);
  });

  it('starts and stops the fly-by tour with its caption', async () => {
    stubServer({ 'GET /api/network': () => json(200, network) });
    renderWithApp(<DashboardPage />);
    await waitFor(() => expect(engines.at(-1)?.setGraph).toHaveBeenCalled());
    // The toolbar gets the engine in a transition after the graph mounts.
    await waitFor(() => expect(buttonByText('Fly-by Tour').disabled).toBe(false));
    fireEvent.click(buttonByText('Fly-by Tour'));
    expect(engines.at(-1)?.startFlyByTour).toHaveBeenCalled();
    act(() => engines.at(-1)?.emit('tourCaption', 'Ana Silva: Engineer at Acme'));
    expect(screen.getByText('Ana Silva: Engineer at Acme')).toBeTruthy();
    fireEvent.click(buttonByText('Stop Tour'));
    expect(engines.at(-1)?.stopTour).toHaveBeenCalled();
  });

  it("opens the 'Invite Collaborator' dialog from the top bar", async () => {
    stubServer({ 'GET /api/network': () => json(200, network) });
    renderWithApp(<DashboardPage />);
    await screen.findByText('Invite Collaborator');
    fireEvent.click(buttonByText('Invite Collaborator'));
    expect(within(await findModal('Invite Collaborator')).getByLabelText('Email')).toBeTruthy();
  });
});
