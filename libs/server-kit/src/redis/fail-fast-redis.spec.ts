import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { failFastWhenDown, quickRedisRetry } from './fail-fast-redis.js';

class FakeClient extends EventEmitter {
  options = { enableOfflineQueue: true };
}

describe('failFastWhenDown', () => {
  it('queues commands until the first connection, then stops queueing', () => {
    const client = failFastWhenDown(new FakeClient());
    expect(client.options.enableOfflineQueue).toBe(true);
    client.emit('ready');
    expect(client.options.enableOfflineQueue).toBe(false);
  });

  it('reconnects at most every half second', () => {
    expect([1, 5, 10, 100].map(quickRedisRetry)).toEqual([50, 250, 500, 500]);
  });
});
