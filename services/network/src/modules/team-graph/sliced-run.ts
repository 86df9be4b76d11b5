import { setImmediate as nextTurn } from 'node:timers/promises';
import { foregroundDone } from './foreground-work.js';

/**
 * How long a sliced build runs before it lets the event loop turn: NATS pings, other requests'
 * replies and timers wait at most about this long behind a workspace build
 * (docs/workspace-network.md "One shared build per workspace version").
 */
export const SLICE_MS = 20;

/** When the event loop last turned for a sliced run: one budget across runs that follow each other. */
let turnedAt = performance.now();

/**
 * Runs a computation written in slices (a generator that yields between them, as libs/domain's
 * buildSharedPool and encodeNetworkInSlices) to its end, letting the event loop turn
 * (setImmediate: I/O and timers run first) whenever `sliceMs` have passed since the last turn.
 * The budget carries over from one run to the next: awaiting a run that ended without a turn
 * does not turn the event loop, so several short runs in a row would otherwise hold it.
 * `background`: work done for later readers (foreground-work.ts), which at each turn also waits
 * for the foreground requests running to end.
 */
export async function runSliced<T>(
  steps: Iterator<unknown, T, undefined>,
  sliceMs = SLICE_MS,
  background = false,
): Promise<T> {
  for (;;) {
    if (due(sliceMs)) await turn(background);
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The pieces of a computation that yields what it makes a piece at a time (libs/domain's
 * compactJsonPieces), with runSliced's turns of the event loop between them: for a consumer that
 * waits on each piece (a compressor's back-pressure).
 */
export async function* piecesSliced<P>(
  pieces: Iterator<P, unknown, undefined>,
  sliceMs = SLICE_MS,
  background = false,
): AsyncGenerator<P, void, undefined> {
  for (;;) {
    if (due(sliceMs)) await turn(background);
    const step = pieces.next();
    if (step.done) return;
    yield step.value;
  }
}

const due = (sliceMs: number): boolean => performance.now() - turnedAt >= sliceMs;

async function turn(background: boolean): Promise<void> {
  await nextTurn();
  if (background) await foregroundDone();
  turnedAt = performance.now();
}
