import { cleanup, render, screen, within } from '@testing-library/react';
import type { ArchiveSignalsView } from '@warmpath/contracts';
import { emptyArchiveSignals } from '@warmpath/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestConnection } from '../../lib/testing/connections.testing';
import { RelationshipSection } from './relationship-section';

const TODAY = new Date('2026-11-26T12:00:00Z');
const day = (iso: string) => new Date(`${iso}T00:00:00`).toLocaleDateString();

const signals = (overrides: Partial<ArchiveSignalsView> = {}): ArchiveSignalsView => ({
  ...emptyArchiveSignals(),
  ...overrides,
});

const everything = signals({
  messagesSent: 26,
  messagesReceived: 22,
  groupMessages: 4,
  directConversations: 1,
  groupConversations: 2,
  firstMessageOn: '2021-02-01',
  lastMessageOn: '2026-11-14',
  lastMessageAnswered: true,
  invitedBy: 'person',
  invitationWithNote: true,
  invitedOn: '2019-05-02',
  endorsementsGiven: 2,
  endorsementsReceived: 3,
  recommendationsGiven: 1,
  recommendationsReceived: 1,
  recommendationGivenOn: '2022-07-01',
  recommendationReceivedOn: '2023-03-09',
});

const ana = buildTestConnection({ id: '12', firstName: 'Ana', lastName: 'Silva' });

afterEach(cleanup);

const fact = (label: string) => within(screen.getByRole('listitem', { name: label }));

describe('RelationshipSection', () => {
  it('lists every fact of the archive with its source file, the band and the tie in words', () => {
    render(
      <RelationshipSection
        person={{ ...ana, signals: everything, strength: { score: 63, band: 'strong' } }}
        today={TODAY}
      />,
    );
    const section = screen.getByRole('region', { name: 'Relationship' });
    expect(within(section).getByLabelText('Tie strength: Strong · 63')).toBeTruthy();
    expect(
      within(section).getByText('You exchanged 48 messages with Ana Silva, the last 12 days ago'),
    ).toBeTruthy();
    const rows: [string, string, string][] = [
      ['Messages sent', '26', 'messages.csv'],
      ['Messages received', '22', 'messages.csv'],
      ['Conversations', '1 one-to-one, 2 group chats', 'messages.csv'],
      ['Last message', `${day('2026-11-14')}, answered`, 'messages.csv'],
      ['Invitation', `Ana Silva invited you with a personal note on ${day('2019-05-02')}`, 'Invitations.csv'],
      ['Endorsements given', 'You endorsed Ana Silva for 2 skills', 'Endorsement_Given_Info.csv'],
      ['Endorsements received', 'Ana Silva endorsed you for 3 skills', 'Endorsement_Received_Info.csv'],
      [
        'Recommendations given',
        `You recommended Ana Silva on ${day('2022-07-01')}`,
        'Recommendations_Given.csv',
      ],
      [
        'Recommendations received',
        `Ana Silva recommended you on ${day('2023-03-09')}`,
        'Recommendations_Received.csv',
      ],
    ];
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(rows.map(([label]) => label));
    for (const [label, text, source] of rows) {
      expect(fact(label).getByText(text)).toBeTruthy();
      expect(fact(label).getByText(`from ${source}`)).toBeTruthy();
    }
  });

  it('shows only the facts the archive has, and says when the last message went unanswered', () => {
    render(
      <RelationshipSection
        person={{
          ...ana,
          signals: signals({
            messagesSent: 3,
            directConversations: 1,
            lastMessageOn: '2026-10-01',
            lastMessageAnswered: false,
            invitedBy: 'member',
          }),
          strength: { score: 12, band: 'weak' },
        }}
        today={TODAY}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Messages sent',
      'Messages received',
      'Conversations',
      'Last message',
      'Invitation',
    ]);
    expect(fact('Last message').getByText(`${day('2026-10-01')}, not answered`)).toBeTruthy();
    expect(fact('Invitation').getByText('You invited Ana Silva')).toBeTruthy();
    expect(
      screen.getByText('You wrote 3 messages to Ana Silva, never answered, the last 56 days ago'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Tie strength: Weak · 12')).toBeTruthy();
  });

  it("tells a teammate's tie from the teammate, with the band alone when no score is shared", () => {
    render(
      <RelationshipSection
        person={{ ...ana, signals: signals({ endorsementsReceived: 1 }), strength: { band: 'medium' } }}
        knower="Bob Lee"
        today={TODAY}
      />,
    );
    expect(fact('Endorsements received').getByText('Ana Silva endorsed Bob Lee for 1 skill')).toBeTruthy();
    expect(screen.getByLabelText('Tie strength: Medium')).toBeTruthy();
  });

  it('shows nothing without signals', () => {
    const { container } = render(
      <RelationshipSection person={{ ...ana, strength: { score: 30, band: 'medium' } }} today={TODAY} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
