import { describe, expect, it } from 'vitest';
import { buildTestNetwork } from '../../../lib/testing/connections.testing';
import { superConnectorIndexes } from './pool-summary';

describe('superConnectorIndexes', () => {
  const { connections } = buildTestNetwork([
    { id: 'u2', userId: 2, firstName: 'Teammate', isTeammate: true, knownBy: [1, 2, 3, 4] },
    { firstName: 'Solo', knownBy: [1] },
    { firstName: 'Zed', knownBy: [1, 2] },
    { firstName: 'Amy', knownBy: [2, 3] },
    { firstName: 'Most', knownBy: [1, 2, 3] },
  ]);
  const names = (indexes: Uint32Array) => [...indexes].map((index) => connections[index].firstName);

  it('lists people known by two or more members, most first, ties by name, never you or a teammate', () => {
    expect(names(superConnectorIndexes(connections))).toEqual(['Most', 'Amy', 'Zed']);
  });

  it('keeps only the first `limit`', () => {
    expect(names(superConnectorIndexes(connections, 2))).toEqual(['Most', 'Amy']);
  });
});
