import { describe, expect, it } from '@jest/globals';
import { type ArchiveSignals } from './archive-signals.js';
import { MessageSignalsReader } from './message-signals.js';

const ME = 'https://www.linkedin.com/in/me';
const ANA = 'https://www.linkedin.com/in/ana';
const BEN = 'https://www.linkedin.com/in/ben';
const CY = 'https://www.linkedin.com/in/cy';
const HEADER = [
  'CONVERSATION ID',
  'CONVERSATION TITLE',
  'FROM',
  'SENDER PROFILE URL',
  'TO',
  'RECIPIENT PROFILE URLS',
  'DATE',
  'SUBJECT',
  'CONTENT',
  'FOLDER',
];
const message = (id: string, from: string, to: string[], date: string, content = 'hello, there') => [
  id,
  '',
  'Name',
  from,
  'Names',
  to.join(';'),
  date,
  '',
  content,
  'INBOX',
];

function read(rows: string[][]): {
  signals: Map<string, ArchiveSignals>;
  stats: ReturnType<MessageSignalsReader['finish']>;
} {
  const reader = new MessageSignalsReader();
  for (const row of [HEADER, ...rows]) reader.row(row);
  const signals = new Map<string, ArchiveSignals>();
  return { stats: reader.finish(signals), signals };
}

describe('MessageSignalsReader', () => {
  it('counts messages each way per counterpart, with first and last days', () => {
    const { signals, stats } = read([
      message('c1', ME, [ANA], '2026-01-02 10:00:00 UTC'),
      message('c1', ANA, [ME], '2026-01-03 10:00:00 UTC'),
      message('c1', ME, [ANA], '2026-03-01 10:00:00 UTC'),
      message('c2', ME, [BEN], '2025-05-01 10:00:00 UTC'),
    ]);
    expect(stats).toEqual({ messagesRead: 4, undatedMessages: 0, conversations: 2, memberFound: true });
    expect(signals.get(ANA)).toMatchObject({
      messagesSent: 2,
      messagesReceived: 1,
      groupMessages: 0,
      directConversations: 1,
      firstMessageOn: '2026-01-02',
      lastMessageOn: '2026-03-01',
      lastMessageAnswered: false,
    });
    expect(signals.get(BEN)).toMatchObject({
      messagesSent: 1,
      messagesReceived: 0,
      lastMessageAnswered: false,
    });
    expect(signals.has(ME)).toBe(false);
  });

  it('calls the last exchange answered when both sides wrote within 30 days', () => {
    const { signals } = read([
      message('c1', ME, [ANA], '2026-03-01 10:00:00 UTC'),
      message('c1', ANA, [ME], '2026-03-20 10:00:00 UTC'),
      message('c2', ME, [BEN], '2026-03-01 10:00:00 UTC'),
    ]);
    expect(signals.get(ANA)?.lastMessageAnswered).toBe(true);
  });

  it("counts a group chat's messages as group messages, the member's own as sent to each", () => {
    const { signals } = read([
      message('g', ME, [ANA, BEN], '2026-01-01 10:00:00 UTC'),
      message('g', ANA, [ME, BEN], '2026-01-02 10:00:00 UTC'),
      message('g', CY, [ME, ANA, BEN], '2026-01-03 10:00:00 UTC'),
      message('d', ME, [ANA], '2026-01-04 10:00:00 UTC'),
    ]);
    expect(signals.get(ANA)).toMatchObject({
      messagesSent: 2,
      messagesReceived: 1,
      groupMessages: 2,
      groupConversations: 1,
      directConversations: 1,
    });
    expect(signals.get(BEN)).toMatchObject({ messagesSent: 1, messagesReceived: 0, groupMessages: 1 });
    // Cy wrote, the member never answered in that chat: Cy's one message is still received.
    expect(signals.get(CY)).toMatchObject({ messagesSent: 1, messagesReceived: 1, groupMessages: 2 });
  });

  it('counts undated messages without dating them', () => {
    const { signals, stats } = read([
      message('c1', ME, [ANA], 'sometime'),
      message('c1', ANA, [ME], '2026-13-01 10:00:00 UTC'),
      message('c2', ME, [BEN], '2026-01-01 10:00:00 UTC'),
    ]);
    expect(stats.undatedMessages).toBe(2);
    expect(signals.get(ANA)).toMatchObject({
      messagesSent: 1,
      messagesReceived: 1,
      lastMessageOn: null,
      lastMessageAnswered: null,
    });
  });

  it('finds the member even among people written to once, and canonicalises addresses', () => {
    const { signals } = read([
      message('c1', 'https://linkedin.com/in/ME/', ['www.linkedin.com/in/Ana'], '2026-01-01 10:00:00 UTC'),
      message('c2', ME, [BEN], '2026-01-01 10:00:00 UTC'),
    ]);
    expect([...signals.keys()].sort()).toEqual([ANA, BEN]);
  });

  it('counts nothing when the member cannot be told apart', () => {
    const { signals, stats } = read([
      message('c1', ANA, [BEN], '2026-01-01 10:00:00 UTC'),
      message('c1', BEN, [ANA], '2026-01-01 11:00:00 UTC'),
    ]);
    expect(stats.memberFound).toBe(false);
    expect(signals.size).toBe(0);
  });

  it('takes the member named by another file when the messages alone cannot tell', () => {
    const reader = new MessageSignalsReader();
    for (const row of [HEADER, message('c1', ME, [ANA], '2026-01-01 10:00:00 UTC')]) reader.row(row);
    const signals = new Map<string, ArchiveSignals>();
    expect(reader.finish(signals, ME).memberFound).toBe(true);
    expect([...signals.keys()]).toEqual([ANA]);
  });

  it('ignores a file without its columns, and rows without sender or conversation', () => {
    const reader = new MessageSignalsReader();
    reader.row(['First Name', 'Last Name']);
    expect(reader.recognised).toBe(false);
    const { stats } = read([message('', ME, [ANA], '2026-01-01'), message('c', '', [ANA], '2026-01-01')]);
    expect(stats.messagesRead).toBe(0);
  });
});
