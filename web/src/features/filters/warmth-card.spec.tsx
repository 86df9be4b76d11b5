import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ArchiveSignalsView, Connection } from '@warmpath/contracts';
import { emptyArchiveSignals } from '@warmpath/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestNetwork } from '../../lib/testing/connections.testing';
import { WarmthCard } from './warmth-card';

const TODAY = new Date('2026-11-26T12:00:00Z');

const talked = (messages: number, lastMessageOn: string): ArchiveSignalsView => ({
  ...emptyArchiveSignals(),
  messagesSent: Math.ceil(messages / 2),
  messagesReceived: Math.floor(messages / 2),
  directConversations: 1,
  firstMessageOn: '2019-01-01',
  lastMessageOn,
  lastMessageAnswered: true,
});

afterEach(cleanup);

const names = (list: string) =>
  within(screen.getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('WarmthCard', () => {
  it('lists who you talk to most and the strong ties gone silent for a year, and opens a person', () => {
    const { connections } = buildTestNetwork([
      { id: '1', firstName: 'Ana', lastName: 'Recent', signals: talked(40, '2026-11-01') },
      { id: '2', firstName: 'Ben', lastName: 'Often', signals: talked(60, '2026-06-01') },
      { id: '3', firstName: 'Cy', lastName: 'Cold', signals: talked(48, '2024-10-01') },
      { id: '4', firstName: 'Di', lastName: 'Faded', signals: talked(6, '2023-01-01') },
      { id: '5', firstName: 'Ed', lastName: 'Quiet' },
    ]);
    const onSelect = vi.fn();
    render(<WarmthCard connections={connections} onSelect={onSelect} today={TODAY} />);
    expect(names('Who you talk to most')).toEqual(['Ana Recent40 messages', 'Ben Often60 messages']);
    expect(names('Going cold')).toEqual([
      `Cy Coldlast ${new Date('2024-10-01T00:00:00').toLocaleDateString()}`,
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Cy Cold' }));
    expect(onSelect).toHaveBeenCalledWith(connections.find((c) => c.id === '3'));
  });

  it("counts only your own ties, not a teammate's", () => {
    const { connections } = buildTestNetwork([
      { id: '1', firstName: 'Ana', lastName: 'Mine', signals: talked(4, '2026-11-01') },
      { id: '2', firstName: 'Tia', lastName: 'Theirs', userId: 9, signals: talked(80, '2026-11-20') },
    ]);
    render(<WarmthCard connections={connections} onSelect={() => undefined} today={TODAY} />);
    expect(names('Who you talk to most')).toEqual(['Ana Mine4 messages']);
    expect(screen.getByText('No strong tie has gone silent for a year.')).toBeTruthy();
  });

  it('says so when nothing was said in the last 12 months, and when your archive has no messages', () => {
    const old: Connection[] = buildTestNetwork([
      { id: '1', firstName: 'Ana', lastName: 'Old', signals: talked(4, '2024-01-01') },
    ]).connections;
    render(<WarmthCard connections={old} onSelect={() => undefined} today={TODAY} />);
    expect(screen.getByText('No messages in the last 12 months.')).toBeTruthy();
    cleanup();
    render(
      <WarmthCard
        connections={buildTestNetwork([{ id: '1' }]).connections}
        onSelect={() => undefined}
        today={TODAY}
      />,
    );
    expect(screen.getByText("Your own archive's messages are not imported.")).toBeTruthy();
  });
});
