import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IntroRequestView } from '@warmpath/contracts';
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
import { IntroRequestPage } from './intro-request-page';
import { buildIntro, buildIntroForConnector, timelineEntry } from './intros.testing';

const PAGE = 'GET /api/teams/5/intros/12';

function renderPage(request: IntroRequestView | null, routes: Record<string, Handler> = {}) {
  const fetchMock = stubServer({
    [PAGE]: () =>
      request
        ? json(200, request)
        : json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Introduction request not found' }),
    'POST /api/teams/5/intros/12/read': () => json(200, request),
    ...routes,
  });
  renderWithApp(
    <Routes>
      <Route path="/workspaces/:id/intros/:introId" element={<IntroRequestPage />} />
    </Routes>,
    { route: '/workspaces/5/intros/12' },
  );
  return fetchMock;
}

/** The viewer's own membership, with the sharing level that decides whether they are named. */
const member = (userId: number, sharing: 'counts' | 'names') => ({
  user: { id: userId, firstName: 'Maya', lastName: 'Chen' },
  userId,
  role: 'member',
  joinedAt: '2026-03-03T10:00:00.000Z',
  sharing,
});

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);
const SLOW = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A first antd render in jsdom on a loaded 2-core machine takes seconds.
describe('the request page', { timeout: 40_000 }, () => {
  it('gives the connector Accept, Decline and Ask the target first on a new request', async () => {
    renderPage(buildIntroForConnector(), {
      'GET /api/teams/5/members': () => json(200, [member(1, 'names')]),
    });
    expect((await screen.findByLabelText('Request state', {}, SLOW)).textContent).toContain('Requested');
    expect(buttonNames()).toEqual(expect.arrayContaining(['Accept', 'Decline', 'Ask the target first']));
    expect(screen.queryByText('Withdraw')).toBeNull();
    expect(screen.queryByText('Tell Maya Chen it is me')).toBeNull();
  });

  it('lets a connector hidden from the requester choose to be named when accepting', async () => {
    const fetchMock = renderPage(buildIntroForConnector(), {
      'GET /api/teams/5/members': () => json(200, [member(1, 'counts')]),
      'POST /api/teams/5/intros/12/answer': () => json(200, buildIntroForConnector({ state: 'accepted' })),
    });
    fireEvent.click(await screen.findByText('Tell Maya Chen it is me', {}, SLOW));
    fireEvent.click(buttonByText('Accept'));
    await waitFor(() => expect(screen.getByLabelText('Request state').textContent).toContain('Accepted'));
    const answer = fetchMock.mock.calls.map(([r]) => r).find((r) => r.url.endsWith('/answer'));
    expect(await answer?.clone().json()).toEqual({ decision: 'accept', revealName: true });
  });

  it('sends the decline reason picked from the list', async () => {
    const fetchMock = renderPage(buildIntroForConnector(), {
      'POST /api/teams/5/intros/12/answer': () =>
        json(200, buildIntroForConnector({ state: 'declined', declineReason: 'not_now', awaitingMe: false })),
    });
    fireEvent.click(await screen.findByText('Decline', {}, SLOW));
    const dialog = await findModal('Decline the request');
    fireEvent.click(within(dialog).getByLabelText('Not the right time'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.getByLabelText('Request state').textContent).toContain('Declined'));
    expect(screen.getByText('Not the right time')).toBeTruthy();
    const answer = fetchMock.mock.calls.map(([r]) => r).find((r) => r.url.endsWith('/answer'));
    expect(await answer?.clone().json()).toEqual({
      decision: 'decline',
      reason: 'not_now',
      reasonText: null,
    });
  });

  it('gives the connector the forwardable draft and Mark introduced once accepted', async () => {
    renderPage(buildIntroForConnector({ state: 'accepted' }));
    const forward = await screen.findByRole('region', { name: 'Forward the introduction' }, SLOW);
    expect(within(forward).getByTestId('forward-draft').textContent).toMatch(/^Hi Finn,/);
    const mailto = within(forward).getByText('Open in your mail app').closest('a');
    expect(mailto?.getAttribute('href')).toMatch(
      /^mailto:\?subject=Introduction%3A%20Maya%20Chen%20and%20Finn%20Hart&body=Hi%20Finn%2C/,
    );
    expect(buttonNames()).toContain('Mark introduced');
    expect(screen.queryByText('Accept')).toBeNull();
  });

  it('asks the connector whether the target agreed while asking them first', async () => {
    renderPage(buildIntroForConnector({ state: 'asking_target' }));
    expect(await screen.findByText('Finn Hart agreed', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Finn Hart said no')).toBeTruthy();
  });

  it('lets the requester withdraw an open request, and nothing else', async () => {
    renderPage(buildIntro({ state: 'accepted' }));
    await screen.findByLabelText('Request state', {}, SLOW);
    expect(buttonNames()).toEqual(['Withdraw']);
  });

  it('asks the requester for the outcome once introduced, and no longer offers Withdraw', async () => {
    renderPage(buildIntro({ state: 'introduced', awaitingMe: true }));
    expect(await screen.findByText('Meeting held', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('No response')).toBeTruthy();
    expect(screen.queryByText('Withdraw')).toBeNull();
  });

  it('shows the sender a mail that failed, with its reason', async () => {
    renderPage(
      buildIntro({
        timeline: [timelineEntry({ mail: { status: 'failed', error: 'Mailbox unavailable' } })],
      }),
    );
    expect(await screen.findByText('Mail failed: Mailbox unavailable', {}, SLOW)).toBeTruthy();
  });

  it('shows typed text as text, never as markup', async () => {
    renderPage(buildIntro({ reason: '<img src=x onerror=alert(1)> <b>bold</b>' }));
    expect(await screen.findByText('<img src=x onerror=alert(1)> <b>bold</b>', {}, SLOW)).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('answers a request it may not see as not found', async () => {
    renderPage(null);
    expect(await screen.findByText('Request Not Found', {}, SLOW)).toBeTruthy();
  });
});
