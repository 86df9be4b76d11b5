import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WarmPathView } from '@warmpath/contracts';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findModal, json, renderWithApp, stubServer, type Handler } from '../../lib/testing/app.testing';
import { buildTestConnection } from '../../lib/testing/connections.testing';
import { buildTestPath } from '../../lib/testing/paths.testing';
import { AskIntroButton } from './ask-intro-button';
import { buildIntro } from './intros.testing';

// You are Maya (1); Ben Ode (2) is your teammate and knows Finn; you do not.
const you = buildTestConnection({
  id: 'u1',
  userId: 1,
  isUser: true,
  firstName: 'Maya',
  lastName: 'Chen',
  connectionDegree: 0,
});
const ben = buildTestConnection({
  id: 'u2',
  userId: 2,
  isTeammate: true,
  firstName: 'Ben',
  lastName: 'Ode',
  knownBy: [1],
});
const finn = buildTestConnection({
  id: '20',
  userId: 2,
  firstName: 'Finn',
  lastName: 'Hart',
  company: 'Globex',
  connectionDegree: 2,
  knownBy: [2],
});
const path: WarmPathView = buildTestPath(
  [you, ben, finn],
  [
    { warmth: 0.9, explanation: 'Ben Ode is your teammate', kind: 'teammate' },
    { warmth: 0.66, explanation: 'Ben Ode knows Finn Hart (6 years)', yearsConnected: 6 },
  ],
);
const DRAFT = 'Hi Finn,\n\nI hope this finds you well.\n\nBest regards,\nMaya';
const REASON = 'Finn leads Globex engineering; I want to propose a pilot.';
const SLOW = { timeout: 10_000 };

function renderAsk(
  routes: Record<string, Handler> = {},
  person = finn,
  onPath: WarmPathView | undefined = path,
) {
  const fetchMock = stubServer({
    'POST /api/network/generate-warm-intro': () => json(200, { intro: DRAFT, provider: 'built-in' }),
    ...routes,
  });
  renderWithApp(
    <Routes>
      <Route path="/" element={<AskIntroButton teamId={5} person={person} path={onPath} ownNode={you} />} />
      <Route path="/workspaces/:id/intros/:introId" element={<p>Request page</p>} />
    </Routes>,
  );
  return fetchMock;
}

async function openDialog(title = 'Ask Ben Ode for an intro') {
  fireEvent.click(await screen.findByText(title, {}, SLOW));
  const dialog = await waitFor(() => findModal(title), SLOW);
  await waitFor(
    () =>
      expect((within(dialog).getByLabelText('Introduction draft') as HTMLTextAreaElement).value).toBe(DRAFT),
    SLOW,
  );
  return dialog;
}

const send = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

// The dialog is a lazy chunk: loaded once here, so opening it in a test waits on nothing.
beforeAll(async () => {
  await import('./ask-intro-dialog');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A first antd render in jsdom on a loaded 2-core machine takes seconds.
describe('asking a teammate for an intro', { timeout: 40_000 }, () => {
  it('shows the path and a draft written to the person, and requires a reason of 10 characters', async () => {
    const fetchMock = renderAsk();
    const dialog = await openDialog();
    expect(within(dialog).getByText('Ben Ode knows Finn Hart (6 years)')).toBeTruthy();
    const writer = fetchMock.mock.calls.map(([r]) => r).find((r) => r.url.endsWith('/generate-warm-intro'));
    expect(
      ((await writer?.clone().json()) as { intermediary?: unknown } | undefined)?.intermediary,
    ).toBeNull();
    send(dialog);
    expect(await within(dialog).findByText('Reason must be at least 10 characters')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Too short' } });
    send(dialog);
    expect(await within(dialog).findByText('Reason must be at least 10 characters')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([r]) => r.url.endsWith('/api/teams/5/intros'))).toBe(false);
  });

  it('sends the reason, the edited draft and the teammate, then opens the request', async () => {
    const fetchMock = renderAsk({ 'POST /api/teams/5/intros': () => json(201, buildIntro()) });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: REASON } });
    fireEvent.change(within(dialog).getByLabelText('Introduction draft'), {
      target: { value: 'Hi Finn, edited.' },
    });
    send(dialog);
    expect(await screen.findByText('Request page', {}, SLOW)).toBeTruthy();
    const created = fetchMock.mock.calls.map(([r]) => r).find((r) => r.url.endsWith('/api/teams/5/intros'));
    expect(await created?.clone().json()).toEqual({
      targetId: '20',
      reason: REASON,
      draft: 'Hi Finn, edited.',
      connectorUserId: 2,
    });
  });

  it('names the open request a 409 is about and links it', async () => {
    renderAsk({
      'POST /api/teams/5/intros': () =>
        json(409, {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'You already asked for an introduction to Finn Hart',
        }),
      'GET /api/intros': () => json(200, { awaitingMe: 0, unread: 0, requests: [buildIntro({ id: 31 })] }),
    });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: REASON } });
    send(dialog);
    expect(
      await within(dialog).findByText('You already asked for an introduction to Finn Hart'),
    ).toBeTruthy();
    const link = await within(dialog).findByText('Open the request you already made');
    expect(link.closest('a')?.getAttribute('href')).toBe('/workspaces/5/intros/31');
  });

  it('says when the daily limit resets on a 429', async () => {
    renderAsk({
      'POST /api/teams/5/intros': () =>
        json(429, { statusCode: 429, code: 'RATE_LIMITED', message: 'You can make 20 requests a day' }),
    });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: REASON } });
    send(dialog);
    expect(await within(dialog).findByText('You can make 20 requests a day')).toBeTruthy();
    expect(within(dialog).getByText(/^You can ask again from /)).toBeTruthy();
  });

  it('asks an unnamed teammate when no named one is on the path', async () => {
    // The path runs through someone you know yourself, not through a teammate.
    const gil = buildTestConnection({ id: '21', userId: 1, firstName: 'Gil', lastName: 'Ray', knownBy: [1] });
    const fetchMock = renderAsk({ 'POST /api/teams/5/intros': () => json(201, buildIntro()) }, finn, {
      ...path,
      nodes: [you, gil, finn],
    });
    const dialog = await openDialog('Ask a teammate who knows Finn Hart');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: REASON } });
    send(dialog);
    await screen.findByText('Request page', {}, SLOW);
    const created = fetchMock.mock.calls.map(([r]) => r).find((r) => r.url.endsWith('/api/teams/5/intros'));
    expect(await created?.clone().json()).not.toHaveProperty('connectorUserId');
  });

  it('offers nothing for a person you know yourself', async () => {
    renderAsk(
      {},
      buildTestConnection({ id: '21', userId: 1, firstName: 'Gil', lastName: 'Ray', knownBy: [1, 2] }),
    );
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });
});
