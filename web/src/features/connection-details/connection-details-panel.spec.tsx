import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ArchiveSignalsView, Connection, WarmPathView } from '@warmpath/contracts';
import { emptyArchiveSignals } from '@warmpath/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GraphEngineProvider } from '../network';
import { buttonByText, findModal, json, renderWithApp, stubServer } from '../../lib/testing/app.testing';
import { buildTestConnection } from '../../lib/testing/connections.testing';
import { ConnectionDetailsPanel } from './connection-details-panel';

const you = buildTestConnection({
  id: 'u1',
  isUser: true,
  firstName: 'Maya',
  lastName: 'Chen',
  company: null,
  position: null,
  connectionDegree: 0,
  knownBy: [],
});
const ana = buildTestConnection({
  id: '12',
  firstName: 'Ana',
  lastName: 'Silva',
  company: 'Acme',
  position: 'Engineer',
  email: 'ana@acme.example',
  linkedinUrl: 'javascript:alert(1)',
  connectedOn: '2019-03-04',
  yearsConnected: 6,
  notes: 'Met at a conference',
});
const path: WarmPathView = {
  found: true,
  fromId: 'u1',
  toId: '12',
  warmth: 0.74,
  nodes: [you, ana],
  links: [],
  hops: [],
  version: '1',
};

const emptySignals: ArchiveSignalsView = emptyArchiveSignals();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(person: Connection, routes: Parameters<typeof stubServer>[0] = {}) {
  const server = stubServer({ 'GET /api/network/paths': () => json(200, path), ...routes });
  renderWithApp(
    <GraphEngineProvider>
      <ConnectionDetailsPanel person={person} ownNode={you} onClose={() => undefined} />
    </GraphEngineProvider>,
  );
  return server;
}

describe('ConnectionDetailsPanel', () => {
  it('shows only real data, and no link for a profile URL that is not http(s)', () => {
    open({ ...ana, email: null });
    const panel = screen.getByLabelText('Connection Details');
    expect(within(panel).getByText('Engineer at Acme')).toBeTruthy();
    expect(within(panel).getByText('1st degree connection')).toBeTruthy();
    expect(within(panel).getByText(new Date('2019-03-04T00:00:00').toLocaleDateString())).toBeTruthy();
    expect(within(panel).getAllByText('N/A')).toHaveLength(2);
    expect(panel.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('marks a person who changed job, as the export showed it', () => {
    const moved = {
      ...ana,
      exportHistory: {
        absentSince: null,
        previousCompany: 'Globex',
        previousPosition: 'Engineer',
        jobChangedAt: '2026-11-24T10:00:00.000Z',
      },
    };
    open(moved);
    expect(screen.getByText('Moved from Globex to Acme, seen in your export of 24 Nov 2026')).toBeTruthy();
  });

  it('shows the Relationship section only for a person the archive says something about', async () => {
    const signals = {
      ...emptySignals,
      messagesSent: 3,
      messagesReceived: 2,
      directConversations: 1,
      firstMessageOn: '2026-01-02',
      lastMessageOn: '2026-11-01',
      lastMessageAnswered: true,
    };
    open({ ...ana, signals, strength: { score: 33, band: 'medium' } });
    const relationship = screen.getByRole('region', { name: 'Relationship' });
    expect(within(relationship).getByRole('listitem', { name: 'Messages sent' }).textContent).toContain('3');
    expect(within(relationship).getByLabelText('Tie strength: Medium · 33')).toBeTruthy();
    cleanup();
    open({ ...ana, strength: { score: 12, band: 'weak' } });
    expect(screen.getByLabelText('Connection Details')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Relationship' })).toBeNull();
  });

  it("tells a teammate's tie in a workspace from that teammate", () => {
    const bob = buildTestConnection({
      id: 'u9',
      userId: 9,
      firstName: 'Bob',
      lastName: 'Lee',
      isTeammate: true,
    });
    stubServer({ 'GET /api/network/paths': () => json(200, path) });
    renderWithApp(
      <GraphEngineProvider>
        <ConnectionDetailsPanel
          person={{
            ...ana,
            userId: 9,
            knownBy: [9],
            strength: { band: 'strong' },
            signals: { ...emptySignals, endorsementsGiven: 2 },
          }}
          ownNode={you}
          workspace={{ teamId: 5, teammates: new Map([[9, bob]]) }}
          onClose={() => undefined}
        />
      </GraphEngineProvider>,
    );
    const relationship = screen.getByRole('region', { name: 'Relationship' });
    expect(within(relationship).getByText('Bob Lee endorsed Ana Silva for 2 skills')).toBeTruthy();
    expect(within(relationship).getByLabelText('Tie strength: Strong')).toBeTruthy();
  });

  it('saves private notes through the API and confirms', async () => {
    const bodies: unknown[] = [];
    open(ana, {
      'PATCH /api/network/connections/12': async (request) => {
        const body = (await request.json()) as { notes: string };
        bodies.push(body);
        return json(200, { ...ana, ...body });
      },
    });
    const notes = screen.getByLabelText('Private notes') as HTMLTextAreaElement;
    expect(notes.value).toBe('Met at a conference');
    fireEvent.change(notes, { target: { value: 'Ask about <b>Acme</b>' } });
    fireEvent.click(buttonByText('Save notes'));
    expect(await screen.findByText('Notes saved')).toBeTruthy();
    expect(bodies).toEqual([{ notes: 'Ask about <b>Acme</b>' }]);
  });

  it('generates a warm intro, shows who wrote it and copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    open(ana, {
      'POST /api/network/generate-warm-intro': () =>
        json(200, { intro: 'Hi Ana, <script>x</script>', provider: 'built-in' }),
    });
    await waitFor(() => expect(buttonByText('Generate warm intro').disabled).toBe(false));
    fireEvent.click(buttonByText('Generate warm intro'));
    const modal = await findModal('Warm introduction');
    expect(within(modal).getByText('Hi Ana, <script>x</script>')).toBeTruthy();
    expect(
      within(modal).getByText('Written by the built-in writer (no AI model is configured).'),
    ).toBeTruthy();
    expect(await screen.findByText('Warm introduction generated!')).toBeTruthy();
    fireEvent.click(within(modal).getByText('Copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Hi Ana, <script>x</script>'));
    expect(await screen.findByText('The introduction has been copied to your clipboard.')).toBeTruthy();
  });

  it('shows the error modal and toast when no intro can be written', async () => {
    open(ana, {
      'POST /api/network/generate-warm-intro': () => json(503, { message: 'The AI service is busy' }),
    });
    fireEvent.click(buttonByText('Generate warm intro'));
    expect(
      await screen.findByText('Unable to generate a warm introduction at this time. Please try again later.'),
    ).toBeTruthy();
    expect(screen.getByText('Failed to generate warm introduction.')).toBeTruthy();
  });
});
