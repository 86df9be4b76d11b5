import { describe, expect, it } from '@jest/globals';
import { ReadRounds } from './read-rounds.js';

/** A read that ends when told to; `value` is what the source holds when the read starts. */
function source() {
  let value = 0;
  const started: number[] = [];
  const pending: (() => void)[] = [];
  const load = () =>
    new Promise<number>((resolve) => {
      const seen = value;
      started.push(seen);
      pending.push(() => resolve(seen));
    });
  return {
    load,
    started,
    set: (next: number) => (value = next),
    /** Ends the oldest read still running. */
    finish: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      pending.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ReadRounds', () => {
  it('gives callers who ask during a read the next one, which they share', async () => {
    const rounds = new ReadRounds<number, number>();
    const db = source();
    const first = rounds.read(1, db.load);
    await tick();
    db.set(1); // committed after the first read started, before the others asked
    const others = Array.from({ length: 50 }, () => rounds.read(1, db.load));
    await tick();
    expect(db.started).toEqual([0]);
    await db.finish();
    expect(await first).toBe(0);
    // One more read for all fifty, started after they asked: it sees the change.
    expect(db.started).toEqual([0, 1]);
    await db.finish();
    expect(await Promise.all(others)).toEqual(Array(50).fill(1));
    expect(rounds.size).toBe(0);
  });

  it('keeps keys apart', async () => {
    const rounds = new ReadRounds<number, number>();
    const db = source();
    const a = rounds.read(1, db.load);
    const b = rounds.read(2, db.load);
    await tick();
    expect(db.started).toHaveLength(2);
    await db.finish();
    await db.finish();
    await Promise.all([a, b]);
    expect(rounds.size).toBe(0);
  });

  it('fails only the callers of the failed read; the next round reads anew', async () => {
    const rounds = new ReadRounds<number, string>();
    let fail = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      const failing = fail;
      fail = false;
      await gate;
      if (failing) throw new Error('teams did not answer');
      return 'ok';
    };
    const first = rounds.read(1, load);
    const second = rounds.read(1, load);
    release();
    await expect(first).rejects.toThrow('teams did not answer');
    await expect(second).resolves.toBe('ok');
    expect(rounds.size).toBe(0);
  });

  it('starts a fresh read for a caller who asks once the key is idle', async () => {
    const rounds = new ReadRounds<number, number>();
    const db = source();
    const first = rounds.read(1, db.load);
    await db.finish();
    await first;
    db.set(2);
    const later = rounds.read(1, db.load);
    await db.finish();
    expect(await later).toBe(2);
    expect(db.started).toEqual([0, 2]);
  });
});
