// docs/targets.md "Through the running stack": what a member's import event rebuilds for later
// readers (the workspace's base and patches, the per-viewer snapshots) lets a request someone is
// waiting on now (the list index after that import) go first, instead of taking turns with it on
// the one event loop. Only the order changes: every piece of work still runs, and each read still
// checks its own version.

/** The longest background work waits for the requests running to end, each time it asks. */
export const MOST_BACKGROUND_WAIT_MS = 2_000;

let running = 0;
let waiting: (() => void)[] = [];

/** How many foreground requests are running now (for the specs). */
export const foregroundRunning = (): number => running;

/** Runs `work` as a request someone waits on: background work waits while it runs. */
export async function inForeground<T>(work: () => Promise<T>): Promise<T> {
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    if (running === 0) {
      const done = waiting;
      waiting = [];
      for (const resume of done) resume();
    }
  }
}

/**
 * Resolves at once when no foreground request runs, else when none does any more, or after
 * `mostMs` (so a steady stream of requests slows background work down, never stops it).
 */
export function foregroundDone(mostMs = MOST_BACKGROUND_WAIT_MS): Promise<void> {
  if (running === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const resume = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      waiting = waiting.filter((other) => other !== resume);
      resolve();
    }, mostMs);
    waiting.push(resume);
  });
}
