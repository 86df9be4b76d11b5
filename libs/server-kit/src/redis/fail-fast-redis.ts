/** The part of an ioredis client that failFastWhenDown touches (structural, so its test needs no Redis). */
export interface OfflineQueueClient {
  once(event: 'ready', listener: () => void): unknown;
  options: { enableOfflineQueue?: boolean };
}

/**
 * Commands sent before the first connection wait for it (boot order does not matter); once
 * connected, a command sent while Redis is unreachable fails at once (a 503 within
 * milliseconds) instead of queueing until its retries run out seconds later.
 */
export function failFastWhenDown<T extends OfflineQueueClient>(redis: T): T {
  redis.once('ready', () => {
    redis.options.enableOfflineQueue = false;
  });
  return redis;
}

/** Reconnect every half second at most (ioredis' default grows to 2 s): Redis is used again within a second of its return. */
export const quickRedisRetry = (times: number): number => Math.min(times * 50, 500);
