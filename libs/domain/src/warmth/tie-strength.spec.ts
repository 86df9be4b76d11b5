import { describe, expect, it } from '@jest/globals';
import { type ArchiveSignals, emptyArchiveSignals } from './archive-signals.js';
import {
  CONVERSATION_HALF_LIFE_DAYS,
  GROUP_MESSAGE_WEIGHT,
  type TieInput,
  recencyWeight,
  strengthBand,
  tieStrength,
  weightedMessages,
} from './tie-strength.js';

const TODAY = new Date('2026-11-26T12:00:00Z');

const signals = (overrides: Partial<ArchiveSignals> = {}): ArchiveSignals => ({
  ...emptyArchiveSignals(),
  ...overrides,
});
const input = (overrides: Partial<TieInput> = {}): TieInput => ({
  signals: null,
  yearsConnected: null,
  pastColleague: false,
  coEmployedNow: false,
  ...overrides,
});
const talked = (messages: number, lastMessageOn: string, extra: Partial<ArchiveSignals> = {}) =>
  signals({
    messagesSent: Math.ceil(messages / 2),
    messagesReceived: Math.floor(messages / 2),
    directConversations: 1,
    firstMessageOn: '2020-01-01',
    lastMessageOn,
    lastMessageAnswered: true,
    ...extra,
  });

describe('tieStrength', () => {
  it.each<[string, TieInput, number, string]>([
    ['nothing known', input(), 0, 'weak'],
    ['connected 3 years, nothing else', input({ yearsConnected: 3 }), 6, 'weak'],
    ['connected 25 years counts as 10', input({ yearsConnected: 25 }), 20, 'medium'],
    ['a past colleague of 10 years', input({ yearsConnected: 10, pastColleague: true }), 32, 'medium'],
    ['working together now', input({ coEmployedNow: true }), 10, 'weak'],
    ['an archive that says nothing', input({ signals: signals(), yearsConnected: 2 }), 4, 'weak'],
    ['48 messages, the last 12 days ago', input({ signals: talked(48, '2026-11-14') }), 45, 'strong'],
    ['48 messages, the last 2 years ago', input({ signals: talked(48, '2024-11-26') }), 7, 'weak'],
    [
      'one recommendation, nothing else',
      input({ signals: signals({ recommendationsReceived: 1 }) }),
      15,
      'weak',
    ],
    [
      'recommendations both ways count once',
      input({ signals: signals({ recommendationsReceived: 1, recommendationsGiven: 2 }) }),
      15,
      'weak',
    ],
    [
      'five endorsements count as three',
      input({ signals: signals({ endorsementsGiven: 2, endorsementsReceived: 3 }) }),
      6,
      'weak',
    ],
    [
      'an invitation with a note',
      input({ signals: signals({ invitedBy: 'person', invitationWithNote: true }) }),
      3,
      'weak',
    ],
    ['an invitation without a note', input({ signals: signals({ invitedBy: 'person' }) }), 0, 'weak'],
    [
      'everything at once stops at 100',
      input({
        signals: talked(500, '2026-11-25', {
          recommendationsGiven: 1,
          endorsementsGiven: 5,
          invitationWithNote: true,
        }),
        yearsConnected: 12,
        pastColleague: true,
        coEmployedNow: true,
      }),
      100,
      'strong',
    ],
  ])('%s: %i (%s)', (_, tie, score, band) => {
    expect(tieStrength(tie, TODAY)).toEqual({ score, band });
  });

  it('ranks a person messaged last week above a long-ago colleague', () => {
    const colleague = tieStrength(
      input({ yearsConnected: 10, pastColleague: true, signals: signals() }),
      TODAY,
    );
    const messaged = tieStrength(input({ yearsConnected: 1, signals: talked(20, '2026-11-19') }), TODAY);
    expect(messaged.score).toBeGreaterThan(colleague.score);
  });

  it('halves the recent part of the messages every half-life', () => {
    expect(recencyWeight(0)).toBe(1);
    expect(recencyWeight(CONVERSATION_HALF_LIFE_DAYS)).toBeCloseTo(0.5);
    expect(recencyWeight(2 * CONVERSATION_HALF_LIFE_DAYS)).toBeCloseTo(0.25);
    const recent = tieStrength(input({ signals: talked(60, '2026-11-26') }), TODAY).score;
    const halfLifeAgo = tieStrength(input({ signals: talked(60, '2026-05-30') }), TODAY).score;
    // 45 recent points halve, the 5 lasting ones stay.
    expect(recent).toBe(50);
    expect(halfLifeAgo).toBe(Math.round(45 / 2 + 5));
  });

  it('counts a group message for a fifth of a one-to-one message', () => {
    expect(
      weightedMessages(signals({ messagesSent: 10, messagesReceived: 10, groupMessages: 10 })),
    ).toBeCloseTo(10 + 10 * GROUP_MESSAGE_WEIGHT);
    const group = tieStrength(
      input({
        signals: talked(20, '2026-11-20', {
          groupMessages: 20,
          directConversations: 0,
          groupConversations: 2,
        }),
      }),
      TODAY,
    );
    const direct = tieStrength(input({ signals: talked(20, '2026-11-20') }), TODAY);
    const fewDirect = tieStrength(input({ signals: talked(4, '2026-11-20') }), TODAY);
    expect(group.score).toBeLessThan(direct.score);
    // 20 group messages weigh as 4 one-to-one ones.
    expect(group.score).toBe(fewDirect.score);
  });

  it('gives half to a one-way exchange and less to an unanswered last one', () => {
    const twoWay = tieStrength(input({ signals: talked(20, '2026-11-26') }), TODAY).score;
    const oneWay = tieStrength(
      input({
        signals: talked(20, '2026-11-26', {
          messagesSent: 20,
          messagesReceived: 0,
          lastMessageAnswered: false,
        }),
      }),
      TODAY,
    ).score;
    const unanswered = tieStrength(
      input({ signals: talked(20, '2026-11-26', { lastMessageAnswered: false }) }),
      TODAY,
    ).score;
    expect(oneWay).toBe(Math.round(twoWay * 0.5 * 0.8));
    expect(unanswered).toBe(Math.round(twoWay * 0.8));
  });

  it('gives no recency to messages without a date', () => {
    const undated = tieStrength(input({ signals: talked(60, '2026-11-26', { lastMessageOn: null }) }), TODAY);
    expect(undated.score).toBe(5);
  });
});

describe('strengthBand', () => {
  it.each([
    [0, 'weak'],
    [19, 'weak'],
    [20, 'medium'],
    [39, 'medium'],
    [40, 'strong'],
    [100, 'strong'],
  ])('%i is %s', (score, band) => {
    expect(strengthBand(score)).toBe(band);
  });
});
