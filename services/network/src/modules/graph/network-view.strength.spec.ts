import { describe, expect, it } from '@jest/globals';
import { connectionSchema } from '@warmpath/contracts';
import { emptyArchiveSignals } from '@warmpath/domain';
import { toConnection, toKnowsLink } from './network-view.mapper.js';
import { buildConnectionRow } from './network-rows.testing.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const signals = {
  ...emptyArchiveSignals(),
  messagesSent: 24,
  messagesReceived: 24,
  lastMessageOn: '2026-11-14',
  lastMessageAnswered: true,
};

describe('the strength of a stored connection', () => {
  it('gives no strength and no signals in a network without an archive (no bytes added)', () => {
    const node = toConnection(buildConnectionRow({ connected_on: '2016-01-01' }), NOW);
    expect('strength' in node).toBe(false);
    expect('signals' in node).toBe(false);
  });

  it('scores everyone of a network with an archive, and carries the signals of those it mentions', () => {
    const talked = toConnection(buildConnectionRow({ connected_on: '2025-01-01', signals }), NOW, true);
    const silent = toConnection(
      buildConnectionRow({ connected_on: '2016-01-01', has_worked_with: true }),
      NOW,
      true,
    );
    expect(talked.strength).toEqual({ score: 47, band: 'strong' });
    expect(talked.signals).toEqual(signals);
    expect(silent.strength).toEqual({ score: 32, band: 'medium' });
    expect('signals' in silent).toBe(false);
    expect(connectionSchema.parse(talked)).toEqual(talked);
  });

  it("draws the knows link's width from the score", () => {
    const talked = toConnection(buildConnectionRow({ connected_on: '2025-01-01', signals }), NOW, true);
    const silent = toConnection(
      buildConnectionRow({ id: '2', connected_on: '2016-01-01', has_worked_with: true }),
      NOW,
      true,
    );
    expect(toKnowsLink(talked, 7).strength).toBeGreaterThan(toKnowsLink(silent, 7).strength);
  });
});
