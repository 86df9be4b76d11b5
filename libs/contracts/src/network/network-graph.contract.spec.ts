import { describe, expect, it } from '@jest/globals';
import {
  NETWORK_SNAPSHOT_FORMAT,
  networkGenerationKey,
  networkSnapshotPointerKey,
} from './network-graph.contract.js';

describe('snapshot keys', () => {
  it('puts the snapshot format in the pointer key, so a pointer to an older shape is never read again', () => {
    expect(networkSnapshotPointerKey(42)).toBe(`network:snapshot-pointer:v${NETWORK_SNAPSHOT_FORMAT}:42`);
    expect(NETWORK_SNAPSHOT_FORMAT).not.toBe('1');
  });

  it('keeps one generation counter per user whatever the format', () => {
    expect(networkGenerationKey(42)).toBe('network:snapshot-generation:42');
  });
});
