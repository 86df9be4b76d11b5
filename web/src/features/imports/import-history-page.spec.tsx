import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AbsentStatus, ImportChangesPage, ImportStatus } from '@warmpath/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubServer } from '../../lib/testing/app.testing';
import { ImportHistoryPage } from './import-history-page';

const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '22222222-2222-4222-8222-222222222222';

const status = (id: string, overrides: Partial<ImportStatus>): ImportStatus => ({
  id,
  state: 'completed',
  fileName: 'Connections.csv',
  sizeBytes: 400,
  rowsRead: 4,
  imported: 4,
  updated: 0,
  unchanged: 0,
  jobChanges: 0,
  absent: 0,
  skipped: 0,
  relationships: 1,
  skippedRows: [],
  warningCounts: { 'invalid-email': 0, 'extra-empty-fields': 0 },
  warnings: [],
  error: null,
  attempt: 1,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:01.000Z',
  completedAt: '2026-11-24T10:00:01.000Z',
  ...overrides,
});

const changes = (kind: string | null): ImportChangesPage => ({
  importId: SECOND,
  counts: { new: 1, 'job-change': 1, 'strength-change': 1, absent: 1 },
  total: kind ? 1 : 4,
  page: 1,
  pageSize: 50,
  changes: [
    {
      kind: 'new',
      connectionId: '9',
      firstName: 'Eve',
      lastName: 'Tester',
      before: null,
      after: { company: 'Hooli', position: 'Analyst' },
    },
    {
      kind: 'job-change',
      connectionId: '1',
      firstName: 'Ana',
      lastName: 'Tester',
      before: { company: 'Globex', position: 'CTO' },
      after: { company: 'Initech', position: 'CTO' },
    },
    {
      kind: 'strength-change',
      connectionId: '2',
      firstName: 'Ben',
      lastName: 'Tester',
      before: null,
      after: { company: 'Acme', position: 'Engineer' },
      strength: { before: { band: 'medium', score: 24 }, after: { band: 'strong', score: 52 } },
    },
    {
      kind: 'absent',
      connectionId: '3',
      firstName: 'Chloe',
      lastName: 'Tester',
      before: { company: 'Initech', position: 'Designer' },
      after: null,
    },
  ].filter((change) => !kind || change.kind === kind) as ImportChangesPage['changes'],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Import history page', () => {
  it('lists the imports with their counts and shows who moved where in the latest re-import', async () => {
    const fetchMock = stubServer({
      'GET /api/imports': () =>
        json(200, {
          imports: [
            status(SECOND, {
              fileName: 'Basic_LinkedInDataExport.zip',
              imported: 1,
              updated: 2,
              unchanged: 1,
              jobChanges: 1,
              absent: 1,
              signals: {
                files: [{ name: 'messages.csv', rows: 120 }],
                unreadableFiles: [],
                messages: 120,
                connections: 3,
                ignoredPeople: 0,
                ignoredMessages: 0,
                strengthChanges: 1,
              },
              createdAt: '2026-11-25T10:00:00.000Z',
            }),
            status(FIRST, {}),
          ],
        }),
      [`GET /api/imports/${SECOND}/changes`]: (request) =>
        json(200, changes(new URL(request.url).searchParams.get('kind'))),
    });
    renderWithApp(<ImportHistoryPage />, { route: '/imports' });
    expect(
      await screen.findByText(
        '1 new connection, 1 job change, 1 strength change, 1 no longer in your export',
      ),
    ).toBeTruthy();
    expect(screen.getByText('First import: 4 connections')).toBeTruthy();
    expect(await screen.findByText('Ana Tester: moved from CTO at Globex to CTO at Initech')).toBeTruthy();
    expect(
      screen.getByText('Chloe Tester: not in your latest export (was Designer at Initech)'),
    ).toBeTruthy();
    expect(screen.getByText('Ben Tester — medium → strong').getAttribute('title')).toBe(
      'Strength 24 → 52 of 100',
    );
    fireEvent.click(screen.getByText('Job changes (1)'));
    await waitFor(() =>
      expect(screen.queryByText('Eve Tester: new connection (Analyst at Hooli)')).toBeNull(),
    );
    fireEvent.click(screen.getByText('Strength changed (1)'));
    await waitFor(() =>
      expect(screen.queryByText('Ana Tester: moved from CTO at Globex to CTO at Initech')).toBeNull(),
    );
    expect(screen.getByText('Ben Tester — medium → strong')).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([request]) => new URL((request as Request).url).search);
    expect(asked).toContain('?page=1&kind=job-change&pageSize=50');
    expect(asked).toContain('?page=1&kind=strength-change&pageSize=50');
  });

  it('says so when the newer archive moved no tie to another band', async () => {
    stubServer({
      'GET /api/imports': () => json(200, { imports: [status(SECOND, { imported: 0, unchanged: 4 })] }),
      [`GET /api/imports/${SECOND}/changes`]: () =>
        json(200, {
          ...changes('strength-change'),
          counts: { ...changes(null).counts, 'strength-change': 0 },
          total: 0,
          changes: [],
        }),
      [`GET /api/imports/${SECOND}/absent`]: () =>
        json(200, { importId: SECOND, latest: true, absentNow: 0, removal: null } satisfies AbsentStatus),
    });
    renderWithApp(<ImportHistoryPage />, { route: '/imports' });
    fireEvent.click(await screen.findByText('Strength changed (0)'));
    expect(await screen.findByText('No tie changed its strength band with this archive.')).toBeTruthy();
  });

  it('removes the people not in the latest export after a confirmation, then undoes it', async () => {
    let absent: AbsentStatus = { importId: SECOND, latest: true, absentNow: 2, removal: null };
    const removal = {
      removed: 2,
      removedAt: '2026-11-25T11:00:00.000Z',
      undoUntil: '2026-12-02T11:00:00.000Z',
      restoredAt: null,
    };
    const network = vi.fn(() => json(200, { connections: [], relationships: [], companies: [] }));
    const fetchMock = stubServer({
      'GET /api/imports': () =>
        json(200, { imports: [status(SECOND, { imported: 0, unchanged: 2, absent: 2 }), status(FIRST, {})] }),
      [`GET /api/imports/${SECOND}/changes`]: () => json(200, changes('absent')),
      [`GET /api/imports/${SECOND}/absent`]: () => json(200, absent),
      [`POST /api/imports/${SECOND}/remove-absent`]: () => {
        absent = { ...absent, absentNow: 0, removal: { ...removal, state: 'undoable' } };
        return json(200, { importId: SECOND, removed: 2, undoUntil: removal.undoUntil });
      },
      [`POST /api/imports/${SECOND}/restore-absent`]: () => {
        absent = {
          ...absent,
          absentNow: 2,
          removal: { ...removal, restoredAt: '2026-11-26T09:00:00.000Z', state: 'restored' },
        };
        return json(200, { importId: SECOND, restored: 2 });
      },
      'GET /api/network': network,
    });
    renderWithApp(<ImportHistoryPage />, { route: '/imports' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove 2 people not in your latest export' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('2 people removed from your network')).toBeTruthy();
    const banner = await screen.findByLabelText('Removal of the people not in your latest export');
    expect(banner.textContent).toContain(
      '2 people not in your latest export were removed. You can undo this until',
    );
    expect(screen.queryByRole('button', { name: 'Remove 2 people not in your latest export' })).toBeNull();

    fireEvent.click(within(banner).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('2 people are back in your network')).toBeTruthy();
    expect(
      await screen.findByText(/2 people removed on .* are back: the removal was undone on/),
    ).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Remove 2 people not in your latest export' }),
    ).toBeTruthy();
    const posts = fetchMock.mock.calls
      .map(([request]) => request as Request)
      .filter((request) => request.method === 'POST')
      .map((request) => new URL(request.url).pathname);
    expect(posts).toEqual([`/api/imports/${SECOND}/remove-absent`, `/api/imports/${SECOND}/restore-absent`]);
  }, 60_000);

  it('offers no removal for an import that is not the latest, and says when a removal is final', async () => {
    stubServer({
      'GET /api/imports': () => json(200, { imports: [status(SECOND, { unchanged: 2, absent: 1 })] }),
      [`GET /api/imports/${SECOND}/changes`]: () => json(200, changes('absent')),
      [`GET /api/imports/${SECOND}/absent`]: () =>
        json(200, {
          importId: SECOND,
          latest: false,
          absentNow: 3,
          removal: {
            removed: 1,
            removedAt: '2026-11-01T11:00:00.000Z',
            undoUntil: '2026-11-08T11:00:00.000Z',
            restoredAt: null,
            state: 'final',
          },
        } satisfies AbsentStatus),
    });
    renderWithApp(<ImportHistoryPage />, { route: '/imports' });
    expect(await screen.findByText(/1 person removed on .*\. The removal is final/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /not in your latest export/ })).toBeNull();
  });

  it('says so when there are no imports yet', async () => {
    stubServer({ 'GET /api/imports': () => json(200, { imports: [] }) });
    renderWithApp(<ImportHistoryPage />, { route: '/imports' });
    expect(
      await screen.findByText('No imports yet. Import your LinkedIn connections from the dashboard.'),
    ).toBeTruthy();
  });
});
