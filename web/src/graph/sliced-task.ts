/** A long computation written as a generator that yields every so often (see runSliced). */
export type Steps<T> = Generator<void, T, void>;

/** Iterations between yields in the O(n) loops: far below a millisecond of work each. */
export const SLICE_ITEMS = 2048;

/** Runs steps to completion at once (tests, small graphs). */
export function drain<T>(steps: Steps<T>): T {
  for (;;) {
    const result = steps.next();
    if (result.done) return result.value;
  }
}

/**
 * Runs a generator in slices of about `budgetMs`, yielding the main thread between slices (a
 * MessageChannel turn, not a clamped timer), so building a 30,000-person graph never makes a
 * long task. Returns a cancel function; a cancelled task never calls `onDone`.
 */
export function runSliced<T>(steps: Steps<T>, onDone: (value: T) => void, budgetMs = 25): () => void {
  const channel = new MessageChannel();
  let isCancelled = false;
  let finished: { value: T } | null = null;
  // The first slice and the hand-over each get a turn of their own, so neither lands in the
  // caller's task (which may already be long, e.g. a React commit).
  const slice = (): void => {
    if (isCancelled) return;
    if (finished) {
      channel.port1.close();
      onDone(finished.value);
      return;
    }
    const deadline = performance.now() + budgetMs;
    for (;;) {
      const result = steps.next();
      if (result.done) {
        finished = { value: result.value };
        break;
      }
      if (performance.now() >= deadline) break;
    }
    channel.port2.postMessage(null);
  };
  channel.port1.onmessage = slice;
  channel.port2.postMessage(null);
  return () => {
    isCancelled = true;
    channel.port1.close();
  };
}
