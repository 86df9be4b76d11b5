/**
 * Work written as a generator that pauses (yields) between slices: pure code cannot wait for
 * anything, so the caller decides what a pause is. Run here to its end without pausing (specs,
 * benches, the browser); the network service runs it letting its event loop turn between slices
 * (docs/workspace-network.md "One shared build per workspace version").
 */
export type Slices<T> = Generator<void, T, void>;

/** A sliced computation's answer, run without pausing. */
export function runToEnd<T>(steps: Iterator<unknown, T, undefined>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
