import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubServer, type Handler } from '../../lib/testing/app.testing';
import { BEN, OWNER, buildWorkspace } from '../../lib/testing/workspaces.testing';
import { TargetResultsPage } from './target-results-page';
import { LIST_ID, buildResultRow, buildResults, buildTargetList, buildUncoveredRow } from './targets.testing';

/** The first render of antd's table is slow on a loaded 2-core machine. */
const SLOW = 30_000;
const RESULTS_URL = `/api/teams/5/target-lists/${LIST_ID}`;

function renderResults(routes: Record<string, Handler> = {}) {
  const seen = vi.fn(() => new Response(null, { status: 204 }));
  const fetchMock = stubServer({
    'GET /api/teams/5': () => json(200, buildWorkspace()),
    'GET /api/teams/5/members': () => json(200, [OWNER, BEN]),
    [`GET ${RESULTS_URL}`]: () => json(200, buildResults()),
    [`PUT ${RESULTS_URL}/seen`]: seen,
    ...routes,
  });
  renderWithApp(
    <Routes>
      <Route path="/workspaces/:id/targets/:listId" element={<TargetResultsPage />} />
      <Route path="/workspaces/:id" element={<p>Workspace network</p>} />
    </Routes>,
    { route: `/workspaces/5/targets/${LIST_ID}` },
  );
  return { fetchMock, seen };
}

/** The targets as the table shows them, top to bottom. */
const shownTargets = () =>
  [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map(
    (row) => row.querySelector('td strong')?.textContent,
  );

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByLabelText(label));
  const matches = await screen.findAllByTitle(option);
  fireEvent.click(matches[matches.length - 1]!);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TargetResultsPage', () => {
  it(
    'shows the totals, connectors by name and the skipped rows, then marks the list seen once',
    async () => {
      const { seen } = renderResults();
      expect(await screen.findByText('2 of 3 targets have a way in')).toBeTruthy();
      expect(await screen.findByText('Ben Ode opens 2 of your 3 accounts')).toBeTruthy();
      expect(screen.getByText('You open 1 of your 3 accounts')).toBeTruthy();
      expect(screen.getByText('1 skipped row')).toBeTruthy();
      expect(shownTargets()).toEqual(['Globex', 'Initech', 'Umbrela Corp']);
      await waitFor(() => expect(seen).toHaveBeenCalledTimes(1));
      expect(screen.queryByText(/new ways? in/)).toBeNull();
    },
    SLOW,
  );

  it('fetches every page up to rowCount', async () => {
    const first = buildResults({ rows: [buildResultRow(2, 'Globex')], rowCount: 2 });
    const second = buildResults({ rows: [buildResultRow(3, 'Initech')], offset: 1, rowCount: 2 });
    const offsets: string[] = [];
    renderResults({
      [`GET ${RESULTS_URL}`]: (request) => {
        const offset = new URL(request.url).searchParams.get('offset') ?? '';
        offsets.push(offset);
        return json(200, offset === '0' ? first : second);
      },
    });
    await waitFor(() => expect(shownTargets()).toEqual(['Globex', 'Initech']));
    expect(offsets).toEqual(['0', '1']);
  });

  it(
    'draws a list of more than 200 targets, the first of them in view',
    async () => {
      const rows = Array.from({ length: 250 }, (_, i) => buildResultRow(i + 2, `Account ${i + 1}`));
      renderResults({ [`GET ${RESULTS_URL}`]: () => json(200, buildResults({ rows, coveredCount: 250 })) });
      expect(await screen.findByText('Account 1')).toBeTruthy();
      expect(screen.getByText('250 of 250 targets')).toBeTruthy();
      expect(shownTargets().length).toBeLessThan(250);
    },
    SLOW,
  );

  it('shows new ways in since the last opening and marks new rows', async () => {
    const results = buildResults({
      rows: [buildResultRow(2, 'Globex', { isNew: true }), buildUncoveredRow(3, 'Hooli', { isNew: false })],
      newWaysIn: 1,
      lastOpenedAt: '2026-03-01T10:00:00.000Z',
    });
    renderResults({ [`GET ${RESULTS_URL}`]: () => json(200, results) });
    expect(await screen.findByText(/^1 new way in since /)).toBeTruthy();
    const globex = (await screen.findByText('Globex')).closest('tr')!;
    expect(within(globex).getByText('New')).toBeTruthy();
    expect(within(screen.getByText('Hooli').closest('tr')!).queryByText('New')).toBeNull();
  });

  it(
    'sorts by number of connectors and by seniority reached',
    async () => {
      renderResults();
      await screen.findByText('Umbrela Corp');
      await choose('Sort by', 'Number of connectors');
      await waitFor(() => expect(shownTargets()).toEqual(['Initech', 'Globex', 'Umbrela Corp']));
      await choose('Sort by', 'Seniority reached');
      await waitFor(() => expect(shownTargets()).toEqual(['Globex', 'Initech', 'Umbrela Corp']));
    },
    SLOW,
  );

  it(
    'filters covered and not covered targets',
    async () => {
      renderResults();
      await screen.findByText('Umbrela Corp');
      await choose('Coverage', 'Not covered');
      await waitFor(() => expect(shownTargets()).toEqual(['Umbrela Corp']));
      await choose('Coverage', 'Covered');
      await waitFor(() => expect(shownTargets()).toEqual(['Globex', 'Initech']));
    },
    SLOW,
  );

  it(
    'filters the targets a connector opens',
    async () => {
      renderResults();
      await screen.findByText('Ben Ode opens 2 of your 3 accounts');
      await choose('Connector', 'You');
      await waitFor(() => expect(shownTargets()).toEqual(['Initech']));
    },
    SLOW,
  );

  it('saves a correction picked among the suggestions through PUT corrections', async () => {
    const bodies: unknown[] = [];
    renderResults({
      [`PUT ${RESULTS_URL}/corrections`]: async (request) => {
        bodies.push(await request.json());
        return json(200, buildResults());
      },
    });
    const row = (await screen.findByText('Umbrela Corp')).closest('tr')!;
    expect(within(row).getByText('None')).toBeTruthy();
    fireEvent.click(within(row).getByText('Correct match'));
    fireEvent.click(await screen.findByText('Umbrella'));
    await waitFor(() => expect(bodies).toEqual([{ corrections: [{ line: 4, companyKey: 'UMBRELLA' }] }]));
  });

  it(
    'marks the list seen again once the corrected results are shown: a correction is no new way in',
    async () => {
      let corrected = false;
      const { seen } = renderResults({
        // After the correction the list reads differently (its coverage moved).
        [`GET ${RESULTS_URL}`]: () => json(200, buildResults(corrected ? { coveredCount: 3 } : {})),
        [`PUT ${RESULTS_URL}/corrections`]: () => {
          corrected = true;
          return json(200, buildResults({ coveredCount: 3 }));
        },
      });
      const row = (await screen.findByText('Umbrela Corp')).closest('tr')!;
      await waitFor(() => expect(seen).toHaveBeenCalledTimes(1));
      fireEvent.click(within(row).getByText('Correct match'));
      fireEvent.click(await screen.findByText('Umbrella'));
      await waitFor(() => expect(seen).toHaveBeenCalledTimes(2));
    },
    SLOW,
  );

  it('says "nobody of ours is there" with a null company', async () => {
    const bodies: unknown[] = [];
    renderResults({
      [`PUT ${RESULTS_URL}/corrections`]: async (request) => {
        bodies.push(await request.json());
        return json(200, buildResults());
      },
    });
    const row = (await screen.findByText('Umbrela Corp')).closest('tr')!;
    fireEvent.click(within(row).getByText('Correct match'));
    fireEvent.click(await screen.findByText('Nobody of ours is there'));
    await waitFor(() => expect(bodies).toEqual([{ corrections: [{ line: 4, companyKey: null }] }]));
  });

  it(
    'says why a correction was not saved',
    async () => {
      renderResults({
        [`PUT ${RESULTS_URL}/corrections`]: () =>
          json(403, { message: "Only the list's creator may change it" }),
      });
      const row = (await screen.findByText('Umbrela Corp')).closest('tr')!;
      fireEvent.click(within(row).getByText('Correct match'));
      fireEvent.click(await screen.findByText('Umbrella'));
      expect(await screen.findByText('Could not save the correction')).toBeTruthy();
      expect(screen.getByText("Only the list's creator may change it")).toBeTruthy();
    },
    SLOW,
  );

  it(
    'removes a correction through DELETE corrections/{line}; the row shows its automatic match again',
    async () => {
      let removed = false;
      const deletes: string[] = [];
      const corrected = buildUncoveredRow(4, 'Umbrela Corp', {
        match: 'manual',
        suggestions: [{ key: 'UMBRELLA', name: 'Umbrella', similarity: 0.6 }],
      });
      const plain = buildUncoveredRow(4, 'Umbrela Corp', {
        suggestions: [{ key: 'UMBRELLA', name: 'Umbrella', similarity: 0.6 }],
      });
      const withRow = (row: typeof plain) => {
        const rows = buildResults().rows.slice(0, 2);
        return buildResults({
          rows: [...rows, row],
          corrections: row === corrected ? [{ line: 4, companyKey: null }] : [],
        });
      };
      renderResults({
        [`GET ${RESULTS_URL}`]: () => json(200, withRow(removed ? plain : corrected)),
        [`DELETE ${RESULTS_URL}/corrections/4`]: (request) => {
          deletes.push(request.url);
          removed = true;
          return json(200, withRow(plain));
        },
      });
      const row = () => screen.getByText('Umbrela Corp').closest('tr')!;
      await screen.findByText('Umbrela Corp');
      expect(within(row()).getByText('Manual')).toBeTruthy();
      fireEvent.click(within(row()).getByText('Correct match'));
      fireEvent.click(await screen.findByRole('button', { name: 'Remove correction' }));
      await waitFor(() => expect(within(row()).getByText('None')).toBeTruthy());
      expect(deletes).toHaveLength(1);
      // An uncorrected row offers nothing to remove.
      fireEvent.click(within(row()).getByText('Correct match'));
      await screen.findByText('Nobody of ours is there');
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove correction' })).toBeNull());
    },
    SLOW,
  );

  it(
    'says why a correction was not removed, and the row stays corrected',
    async () => {
      renderResults({
        [`GET ${RESULTS_URL}`]: () =>
          json(
            200,
            buildResults({
              rows: [
                ...buildResults().rows.slice(0, 2),
                buildUncoveredRow(4, 'Umbrela Corp', { match: 'manual' }),
              ],
            }),
          ),
        [`DELETE ${RESULTS_URL}/corrections/4`]: () =>
          json(404, { code: 'NOT_FOUND', message: 'Line 4 has no correction to remove.' }),
      });
      const row = (await screen.findByText('Umbrela Corp')).closest('tr')!;
      fireEvent.click(within(row).getByText('Correct match'));
      fireEvent.click(await screen.findByRole('button', { name: 'Remove correction' }));
      expect(await screen.findByText('Could not remove the correction')).toBeTruthy();
      expect(screen.getByText('Line 4 has no correction to remove.')).toBeTruthy();
      expect(within(row).getByText('Manual')).toBeTruthy();
    },
    SLOW,
  );

  it('offers no correction, rename or delete to a member who did not create the list', async () => {
    renderResults({
      'GET /api/teams/5': () => json(200, buildWorkspace({ role: 'member', createdById: 2 })),
      [`GET ${RESULTS_URL}`]: () => json(200, buildResults({ list: buildTargetList({ createdBy: 2 }) })),
    });
    await screen.findByText('Umbrela Corp');
    await screen.findByText('Ben Ode opens 2 of your 3 accounts');
    expect(screen.queryByText('Correct match')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    expect(screen.getByText('Export CSV').closest('a')?.getAttribute('href')).toBe(
      `${RESULTS_URL}/export.csv`,
    );
  });

  it('opens the path of the best person on the workspace network', async () => {
    renderResults();
    const row = (await screen.findByText('Globex')).closest('tr')!;
    fireEvent.click(within(row).getByText('Open path'));
    expect(await screen.findByText('Workspace network')).toBeTruthy();
  });

  it('says a list that is not there is not found', async () => {
    renderResults({ [`GET ${RESULTS_URL}`]: () => json(404, { message: 'Target list not found' }) });
    expect(await screen.findByText('Target list not found')).toBeTruthy();
  });
});
