import { Redis } from 'ioredis';

/**
 * A client of a Redis that is not there: nothing listens on port 1, so every command fails after
 * its one retry, as with a stopped Redis, within a fraction of a second. Disconnect it when done.
 */
export function unreachableRedis(): Redis {
  const down = new Redis('redis://127.0.0.1:1', {
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
    lazyConnect: true,
    connectTimeout: 200,
    disconnectTimeout: 0,
  });
  down.on('error', () => undefined); // the refused connection is the point
  return down;
}
