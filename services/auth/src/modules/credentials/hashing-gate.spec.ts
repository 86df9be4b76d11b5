import { describe, expect, it } from '@jest/globals';
import { requestContext, ServiceError } from '@warmpath/server-kit';
import { HASHING_BUSY, HASHING_EXPIRED, HashingGate } from './hashing-gate.js';

/** A hash that finishes when the test says so. */
function pendingHash() {
  let finish!: (value: string) => void;
  const promise = new Promise<string>((resolve) => (finish = resolve));
  let started = false;
  return {
    run: () => {
      started = true;
      return promise;
    },
    finish,
    started: () => started,
  };
}

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as ServiceError,
  );

describe('HashingGate', () => {
  it('runs at most `concurrency` hashes at once, then the waiting ones in order', async () => {
    const gate = new HashingGate(2, 10);
    const hashes = [pendingHash(), pendingHash(), pendingHash()] as const;
    const results = hashes.map((h) => gate.run(h.run));
    await Promise.resolve();
    expect(hashes.map((h) => h.started())).toEqual([true, true, false]);
    hashes[0].finish('a');
    await expect(results[0]).resolves.toBe('a');
    expect(hashes[2].started()).toBe(true);
    hashes[1].finish('b');
    hashes[2].finish('c');
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c']);
  });

  it('answers 503 at once when the queue is full, and never runs that hash', async () => {
    const gate = new HashingGate(1, 1);
    const [running, queued, refused] = [pendingHash(), pendingHash(), pendingHash()];
    const first = gate.run(running.run);
    const second = gate.run(queued.run);
    const error = await errorOf(gate.run(refused.run));
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: HASHING_BUSY });
    running.finish('a');
    queued.finish('b');
    await expect(Promise.all([first, second])).resolves.toEqual(['a', 'b']);
    expect(refused.started()).toBe(false);
  });

  it('drops a waiting hash whose caller has stopped waiting, and goes on with the next', async () => {
    const gate = new HashingGate(1, 5);
    const [running, expired, fresh] = [pendingHash(), pendingHash(), pendingHash()];
    const first = gate.run(running.run);
    const late = requestContext.run({ requestId: 'r1', deadline: Date.now() + 20 }, () =>
      errorOf(gate.run(expired.run)),
    );
    const next = requestContext.run({ requestId: 'r2', deadline: Date.now() + 60_000 }, () =>
      gate.run(fresh.run),
    );
    // The running hash outlasts the waiting one's deadline.
    await new Promise((resolve) => setTimeout(resolve, 40));
    running.finish('a');
    await first;
    expect(await late).toMatchObject({ code: 'SERVICE_TIMEOUT', message: HASHING_EXPIRED });
    expect(expired.started()).toBe(false);
    await Promise.resolve();
    fresh.finish('c');
    await expect(next).resolves.toBe('c');
  });

  it('frees the slot of a hash that failed', async () => {
    const gate = new HashingGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });

  it('refuses at once a hash that would wait past its deadline behind the queue', async () => {
    const gate = new HashingGate(1, 10);
    // One hash of ~40 ms teaches the gate the time per hash.
    await gate.run(() => new Promise((resolve) => setTimeout(() => resolve('warm'), 40)));
    const running = pendingHash();
    const first = gate.run(running.run);
    const tooLate = requestContext.run({ requestId: 'r3', deadline: Date.now() + 50 }, () =>
      errorOf(gate.run(pendingHash().run)),
    );
    expect(await tooLate).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: HASHING_BUSY });
    const inTime = requestContext.run({ requestId: 'r4', deadline: Date.now() + 60_000 }, () =>
      gate.run(() => Promise.resolve('ok')),
    );
    running.finish('a');
    await expect(Promise.all([first, inTime])).resolves.toEqual(['a', 'ok']);
  });

  it('runs a hash that finds a free slot, so one slow spell does not refuse every later sign-in', async () => {
    const gate = new HashingGate(1, 10);
    // One hash slower than the callers' whole wait, as on a machine overloaded for a while.
    await gate.run(() => new Promise((resolve) => setTimeout(() => resolve('slow'), 60)));
    const signIn = (requestId: string) =>
      requestContext.run({ requestId, deadline: Date.now() + 50 }, () =>
        gate.run(() => Promise.resolve('ok')),
      );
    await expect(signIn('r5')).resolves.toBe('ok');
    await expect(signIn('r6')).resolves.toBe('ok');
  });
});
