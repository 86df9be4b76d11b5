import { describe, expect, it } from '@jest/globals';
import type { NetworkData } from '@warmpath/contracts';
import { buildConnection, buildSelf } from '../../test/build-connection.js';
import { emptyArchiveSignals } from '../warmth/archive-signals.js';
import { decodeNetwork } from './decode-network.js';
import { encodeNetwork } from './encode-network.js';

const roundTrip = (network: NetworkData): unknown =>
  decodeNetwork(JSON.parse(JSON.stringify(encodeNetwork(network))));

describe('the compact representation of tie strengths', () => {
  it('carries the score, the band and the signals of the people who have them, nothing for the others', () => {
    const signals = { ...emptyArchiveSignals(), messagesSent: 3, lastMessageOn: '2026-11-01' };
    const network: NetworkData = {
      connections: [
        buildSelf(),
        buildConnection({ id: '10', strength: { score: 47, band: 'strong' }, signals }),
        buildConnection({ id: '11', strength: { band: 'medium' } }),
        buildConnection({ id: '12' }),
      ],
      relationships: [],
      companies: [],
    };
    expect(roundTrip(network)).toEqual(JSON.parse(JSON.stringify(network)));
  });
});
