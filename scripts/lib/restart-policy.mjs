// How `npm start` restarts a service that exits unexpectedly, as an orchestrator would: at once
// after a long healthy run, else after a delay that doubles with each quick crash (1 s to 30 s),
// so a service that cannot start does not spin the machine.

export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 30_000;
/** A service that ran this long before exiting counts as healthy again: its next crash restarts fast. */
export const STABLE_AFTER_MS = 60_000;

/** Delay before restart number `crashes` (1 = the first quick crash in a row). */
export function restartDelayMs(crashes) {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, crashes - 1));
}

/**
 * Remembers quick crashes per service and answers the delay before its next start.
 * @returns {{ nextDelay(name: string, ranForMs: number): { delayMs: number, crashes: number } }}
 */
export function createRestartPolicy() {
  const crashes = new Map();
  return {
    nextDelay(name, ranForMs) {
      const count = ranForMs >= STABLE_AFTER_MS ? 1 : (crashes.get(name) ?? 0) + 1;
      crashes.set(name, count);
      return { delayMs: restartDelayMs(count), crashes: count };
    },
  };
}
