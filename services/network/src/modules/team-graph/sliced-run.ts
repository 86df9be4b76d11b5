import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long a sliced build runs before it lets the event loop turn: NATS pings, other requests'
 * replies and timers wait at most about this long behind a workspace build
 * (docs/workspace-network.md "One shared build per workspace version").
 */
export const SLICE_MS = 20;

/**
 * Runs a computation written in slices (a generator that yields between them, as libs/domain's
 * buildSharedPool and encodeNetworkInSlices) to its end, letting the event loop turn
 * (setImmediate: I/O and timers run first) whenever `sliceMs` have passed since the last turn.
 */
export async function runSliced<T>(steps: Iterator<unknown, T, undefined>, sliceMs = SLICE_MS): Promise<T> {
  let until = performance.now() + sliceMs;
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() >= until) {
      await nextTurn();
      until = performance.now() + sliceMs;
    }
  }
}
