import type { WorkspaceSource } from '@warmpath/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, json, renderWithApp, stubServer } from '../../lib/testing/app.testing';
import { SourcesPanel } from './sources-panel';

const source = (patch: Partial<WorkspaceSource> = {}): WorkspaceSource => ({
  id: 3,
  teamId: 5,
  name: 'Zoe Zed',
  email: null,
  label: 'Uploaded export: Zoe Zed',
  ownerId: -3,
  uploadedById: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  latest: {
    fileName: 'zoe.csv',
    sourceName: 'Zoe Zed',
    sourceId: 3,
    status: 'completed',
    importId: '00000000-0000-4000-8000-000000000001',
    counts: {
      rowsRead: 3,
      imported: 2,
      updated: 0,
      unchanged: 0,
      jobChanges: 0,
      absent: 0,
      skipped: 1,
      relationships: 1,
    },
  },
  claimable: false,
  ...patch,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SourcesPanel', () => {
  it('lets an owner upload several exports and shows each source with what happened to its rows', async () => {
    const fetchMock = stubServer({
      'GET /api/teams/5/sources': () =>
        json(200, [
          source(),
          source({
            id: 4,
            label: 'Uploaded export: Broken',
            latest: {
              ...source().latest!,
              status: 'failed',
              counts: undefined,
              error: { code: 'NO_HEADER', message: 'No header row was found.' },
            },
          }),
        ]),
      'POST /api/teams/5/bulk-imports': () =>
        json(202, { id: 'x', teamId: 5, createdAt: '', files: [], statusUrl: '', eventsUrl: '' }),
    });
    renderWithApp(<SourcesPanel teamId={5} canManage />);
    expect(await screen.findByText('Uploaded export: Zoe Zed')).toBeTruthy();
    expect(screen.getByText(/2 new, 0 updated, 0 unchanged, 1 skipped/)).toBeTruthy();
    expect(screen.getByText('No header row was found.')).toBeTruthy();
    const input = screen.getByLabelText('Export files') as HTMLInputElement;
    const files = [
      new File(['a'], 'ada.csv', { type: 'text/csv' }),
      new File(['b'], 'bo.csv', { type: 'text/csv' }),
    ];
    fireEvent.change(input, { target: { files } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([request]) => (request as Request).url.endsWith('/bulk-imports')),
      ).toBe(true),
    );
    expect(buttonByText('Upload exports')).toBeTruthy();
  });

  it('offers no delete while an export is importing, and says why a delete was refused', async () => {
    stubServer({
      'GET /api/teams/5/sources': () =>
        json(200, [
          source({ latest: { ...source().latest!, status: 'saving' } }),
          source({ id: 4, label: 'Uploaded export: Bo' }),
        ]),
      'DELETE /api/teams/5/sources/4': () =>
        json(409, {
          code: 'CONFLICT',
          message: 'This export is still importing; try again when it has finished.',
          statusCode: 409,
          requestId: 'r',
        }),
    });
    renderWithApp(<SourcesPanel teamId={5} canManage />);
    const busy = (await screen.findByRole('button', {
      name: 'Delete Uploaded export: Zoe Zed',
    })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    const done = screen.getByRole('button', { name: 'Delete Uploaded export: Bo' }) as HTMLButtonElement;
    expect(done.disabled).toBe(false);
    fireEvent.click(done);
    expect(
      await screen.findByText('This export is still importing; try again when it has finished.'),
    ).toBeTruthy();
  });

  it('offers the person the export was named for to claim it', async () => {
    const fetchMock = stubServer({
      'GET /api/teams/5/sources': () => json(200, [source({ claimable: true, email: 'zoe@x.org' })]),
      'POST /api/teams/5/sources/3/claim': () => json(200, { claimed: true, people: 2 }),
    });
    renderWithApp(<SourcesPanel teamId={5} canManage={false} />);
    expect(await screen.findByText('An export was uploaded for you — claim it')).toBeTruthy();
    expect(screen.queryByText('Upload exports')).toBeNull();
    fireEvent.click(buttonByText('Claim'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([request]) => (request as Request).url.endsWith('/claim'))).toBe(
        true,
      ),
    );
  });
});
