import { describe, expect, it } from '@jest/globals';
import type { ArchiveSignalsView } from '@warmpath/contracts';
import { emptyArchiveSignals } from '@warmpath/domain';
import { strengthMoves, type SignalsBeforeAfter } from './strength-moves.js';

const NOW = new Date('2026-11-27T12:00:00Z');
const signals = (overrides: Partial<ArchiveSignalsView>): ArchiveSignalsView => ({
  ...emptyArchiveSignals(),
  ...overrides,
});
/** 48 messages both ways, the last 12 days ago: 45, strong (docs/warmth.md examples). */
const CLOSE = signals({
  messagesSent: 24,
  messagesReceived: 24,
  directConversations: 1,
  lastMessageOn: '2026-11-15',
  lastMessageAnswered: true,
});
const row = (overrides: Partial<SignalsBeforeAfter>): SignalsBeforeAfter => ({
  connectionId: '1',
  connectedOn: null,
  hasWorkedWith: false,
  before: null,
  after: null,
  ...overrides,
});

describe('strengthMoves', () => {
  it('lists a tie the newer archive moved to another band, with both scores', () => {
    expect(
      strengthMoves([row({ before: signals({ messagesSent: 1, messagesReceived: 1 }), after: CLOSE })], NOW),
    ).toEqual([
      { connectionId: '1', before: { band: 'weak', score: 1 }, after: { band: 'strong', score: 45 } },
    ]);
  });

  it('lists a strong tie the newer archive no longer mentions', () => {
    expect(strengthMoves([row({ connectionId: '5', before: CLOSE, after: null })], NOW)).toEqual([
      { connectionId: '5', before: { band: 'strong', score: 45 }, after: { band: 'weak', score: 0 } },
    ]);
  });

  it('leaves out scores that moved within their band', () => {
    const more = { ...CLOSE, messagesSent: 40, messagesReceived: 40 };
    expect(strengthMoves([row({ before: CLOSE, after: more })], NOW)).toEqual([]);
  });

  it('counts the years connected and the colleague mark on both sides alike', () => {
    // Connected 10 years and a past colleague: 32, medium, before and after; a recommendation
    // (15 points) makes it strong.
    const facts = { connectedOn: '2016-11-01', hasWorkedWith: true };
    const recommended = signals({ recommendationsReceived: 1 });
    expect(strengthMoves([row({ ...facts, before: null, after: recommended })], NOW)).toEqual([
      { connectionId: '1', before: { band: 'medium', score: 32 }, after: { band: 'strong', score: 47 } },
    ]);
    expect(strengthMoves([row({ ...facts, before: recommended, after: recommended })], NOW)).toEqual([]);
  });
});
