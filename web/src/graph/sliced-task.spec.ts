import { describe, expect, it } from 'vitest';
import { drain, runSliced, type Steps } from './sliced-task';

function* countTo(limit: number, log: number[]): Steps<number> {
  for (let i = 1; i <= limit; i++) {
    log.push(i);
    yield;
  }
  return limit;
}

describe('sliced tasks', () => {
  it('drains a generator synchronously', () => {
    expect(drain(countTo(5, []))).toBe(5);
  });

  it('runs across several turns when the budget is tiny and reports the result', async () => {
    const log: number[] = [];
    const value = await new Promise<number>((resolve) => runSliced(countTo(50, log), resolve, 0));
    expect(value).toBe(50);
    expect(log).toHaveLength(50);
  });

  it('never finishes once cancelled', async () => {
    let isDone = false;
    const cancel = runSliced(countTo(1000, []), () => (isDone = true), 0);
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isDone).toBe(false);
  });
});
