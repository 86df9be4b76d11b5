import { describe, expect, it } from '@jest/globals';
import { type ArchiveSignals, emptyArchiveSignals } from './archive-signals.js';
import {
  goingCold,
  isGoingCold,
  recentMessageWeight,
  scoreAtLastMessage,
  talkedRecently,
  topTalkers,
} from './recent-ties.js';

const TODAY = new Date('2026-11-26T12:00:00Z');

const talked = (messages: number, lastMessageOn: string | null, extra: Partial<ArchiveSignals> = {}) => ({
  ...emptyArchiveSignals(),
  messagesSent: Math.ceil(messages / 2),
  messagesReceived: Math.floor(messages / 2),
  directConversations: messages > 0 ? 1 : 0,
  firstMessageOn: lastMessageOn ? '2018-01-01' : null,
  lastMessageOn,
  lastMessageAnswered: messages > 1 ? true : null,
  ...extra,
});

describe('talkedRecently', () => {
  it.each<[string, ArchiveSignals | null, boolean]>([
    ['no signals at all', null, false],
    ['signals without a message', emptyArchiveSignals(), false],
    ['a message today', talked(2, '2026-11-26'), true],
    ['the last message exactly 365 days ago', talked(2, '2025-11-26'), true],
    ['the last message 366 days ago', talked(2, '2025-11-25'), false],
    [
      'a message only they wrote, last month',
      talked(1, '2026-10-20', { messagesSent: 0, messagesReceived: 1 }),
      true,
    ],
    ['messages without a readable date', talked(10, null), false],
  ])('%s: %s', (_, signals, expected) => {
    expect(talkedRecently(signals, TODAY)).toBe(expected);
  });
});

describe('recentMessageWeight', () => {
  it('halves with every 180 days of silence and counts group messages at a fifth', () => {
    expect(recentMessageWeight(talked(10, '2026-11-26'), TODAY)).toBe(10);
    expect(recentMessageWeight(talked(10, '2026-05-30'), TODAY)).toBeCloseTo(5, 5);
    expect(recentMessageWeight(talked(10, '2026-11-26', { groupMessages: 10 }), TODAY)).toBeCloseTo(2, 5);
    expect(recentMessageWeight(talked(10, null), TODAY)).toBe(0);
  });
});

describe('isGoingCold', () => {
  // docs/warmth.md#going-cold: strong on the archive's signals alone on the day of the last
  // message, and silent for 365 days or more since.
  it.each<[string, ArchiveSignals | null, number | null, boolean]>([
    ['48 messages both ways, silent 2 years', talked(48, '2024-11-20'), 47, true],
    ['48 messages both ways, silent exactly 365 days', talked(48, '2025-11-26'), 47, true],
    ['48 messages both ways, silent 364 days', talked(48, '2025-11-27'), 47, false],
    ['26 messages, silent 2 years: just strong then', talked(26, '2024-11-20'), 40, true],
    ['20 messages, silent 2 years: medium then', talked(20, '2024-11-20'), 37, false],
    [
      '20 messages and a recommendation, silent 2 years',
      talked(20, '2024-11-20', { recommendationsReceived: 1, recommendationReceivedOn: '2021-03-01' }),
      52,
      true,
    ],
    [
      '48 messages never answered, silent 2 years',
      talked(48, '2024-11-20', { messagesSent: 48, messagesReceived: 0, lastMessageAnswered: false }),
      19,
      false,
    ],
    ['48 group messages, silent 2 years', talked(48, '2024-11-20', { groupMessages: 48 }), 29, false],
    ['messages without a date', talked(48, null), null, false],
    ['no signals', null, null, false],
  ])('%s', (_, signals, scoreThen, expected) => {
    if (signals) expect(scoreAtLastMessage(signals)).toBe(scoreThen);
    expect(isGoingCold(signals, TODAY)).toBe(expected);
  });
});

describe('topTalkers', () => {
  it('ranks the people you talked with in the last 12 months by their recent messages', () => {
    const people = [
      { id: '1', signals: talked(40, '2026-03-01') },
      { id: '2', signals: talked(12, '2026-11-20') },
      { id: '3', signals: talked(200, '2024-01-01') },
      { id: '4' },
      { id: '5', signals: talked(12, '2026-11-20') },
      { id: '6', signals: talked(2, '2026-11-01') },
    ];
    expect(topTalkers(people, TODAY, 3).map(({ person }) => person.id)).toEqual(['1', '2', '5']);
    expect(topTalkers(people, TODAY, 10).map(({ person }) => person.id)).toEqual(['1', '2', '5', '6']);
  });

  it('is empty without messages', () => {
    expect(topTalkers([{ id: '1' }, { id: '2', signals: emptyArchiveSignals() }], TODAY, 5)).toEqual([]);
  });
});

describe('goingCold', () => {
  it('lists the ties going cold, warmest once first, then the longest silent', () => {
    const people = [
      { id: '1', signals: talked(26, '2024-06-01') },
      { id: '2', signals: talked(48, '2023-01-01') },
      { id: '3', signals: talked(48, '2025-01-01') },
      { id: '4', signals: talked(48, '2026-10-01') },
      { id: '5', signals: talked(20, '2020-01-01') },
      { id: '6' },
    ];
    expect(goingCold(people, TODAY, 5)).toEqual([
      { person: people[1], scoreThen: 47, lastMessageOn: '2023-01-01' },
      { person: people[2], scoreThen: 47, lastMessageOn: '2025-01-01' },
      { person: people[0], scoreThen: 40, lastMessageOn: '2024-06-01' },
    ]);
    expect(goingCold(people, TODAY, 1).map(({ person }) => person.id)).toEqual(['2']);
  });
});
