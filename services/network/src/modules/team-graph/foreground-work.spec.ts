import { describe, expect, it } from '@jest/globals';
import { foregroundDone, foregroundRunning, inForeground } from './foreground-work.js';
import { runSliced } from './sliced-run.js';

// docs/targets.md "Through the running stack": background work waits for the requests running.

/** A promise and what settles it. */
function held<T = void>(): { promise: Promise<T>; release: (value: T) => void } {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

const turns = (count: number) =>
  Array.from({ length: count }).reduce<Promise<void>>(
    (before) => before.then(() => new Promise((done) => setImmediate(done))),
    Promise.resolve(),
  );

describe('foreground work', () => {
  it('lets background work through at once when no request runs', async () => {
    expect(foregroundRunning()).toBe(0);
    await expect(foregroundDone()).resolves.toBeUndefined();
  });

  it('holds background work until every request running has ended', async () => {
    const first = held();
    const second = held();
    const one = inForeground(() => first.promise.then(() => 1));
    const two = inForeground(() => second.promise.then(() => 2));
    let resumed = false;
    const waiting = foregroundDone(60_000).then(() => (resumed = true));
    expect(foregroundRunning()).toBe(2);
    first.release();
    await expect(one).resolves.toBe(1);
    await turns(3);
    expect(resumed).toBe(false);
    second.release();
    await expect(two).resolves.toBe(2);
    await waiting;
    expect(resumed).toBe(true);
    expect(foregroundRunning()).toBe(0);
  });

  it('ends the request and lets background work go when the request fails', async () => {
    const waiting = inForeground(() => Promise.reject(new Error('no such list')));
    const background = foregroundDone(60_000);
    await expect(waiting).rejects.toThrow('no such list');
    await expect(background).resolves.toBeUndefined();
    expect(foregroundRunning()).toBe(0);
  });

  it('waits at most its limit: a steady stream of requests slows background work, never stops it', async () => {
    const never = held();
    const request = inForeground(() => never.promise);
    const from = performance.now();
    await foregroundDone(30);
    expect(performance.now() - from).toBeGreaterThanOrEqual(25);
    expect(foregroundRunning()).toBe(1);
    never.release();
    await request;
  });

  it('pauses a background sliced run, not a foreground one, while a request runs', async () => {
    function* steps(log: string[], name: string) {
      for (let step = 0; step < 5; step++) {
        log.push(name);
        const until = performance.now() + 2;
        while (performance.now() < until);
        yield;
      }
      return name;
    }
    const log: string[] = [];
    const request = held();
    const running = inForeground(() => request.promise);
    const background = runSliced(steps(log, 'background'), 1, true);
    const foreground = runSliced(steps(log, 'foreground'), 1);
    await expect(foreground).resolves.toBe('foreground');
    // The background run took one step before its first turn, then waited.
    expect(log.filter((name) => name === 'background').length).toBeLessThanOrEqual(1);
    request.release();
    await running;
    await expect(background).resolves.toBe('background');
    expect(log.filter((name) => name === 'background')).toHaveLength(5);
  });
});
