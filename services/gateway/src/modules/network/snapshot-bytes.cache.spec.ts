import { describe, expect, it } from '@jest/globals';
import { SnapshotBytesCache } from './snapshot-bytes.cache.js';

const bytes = (length: number) => Buffer.alloc(length);

describe('SnapshotBytesCache', () => {
  it('keeps entries within its byte budget, dropping the least recently used first', () => {
    const cache = new SnapshotBytesCache(10);
    cache.set('a', bytes(4));
    cache.set('b', bytes(4));
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('c', bytes(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(8);
  });

  it('never holds an entry larger than the whole budget', () => {
    const cache = new SnapshotBytesCache(10);
    cache.set('big', bytes(11));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('replaces an entry without counting it twice', () => {
    const cache = new SnapshotBytesCache(10);
    cache.set('a', bytes(6));
    cache.set('a', bytes(3));
    expect(cache.bytes).toBe(3);
  });
});
