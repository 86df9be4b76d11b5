import { expect } from '@playwright/test';
import type { Probe, ProbeSample } from './probe.js';

/**
 * Lets an outage last `ms` as seen by a probe: returns once the probe has sent requests across
 * the whole span (the probe's own clock, not a bare sleep, marks the time).
 */
export async function holdOutage(probe: Probe, since: number, ms: number): Promise<void> {
  await expect
    .poll(() => probe.samples.some((sample) => sample.at >= since + ms), {
      timeout: ms + 10_000,
      intervals: [100],
    })
    .toBe(true);
}

/** Waits until the probe saw a 200 sent after `since`; answers how long after `since` it was sent. */
export async function recoveredAfter(probe: Probe, since: number, timeoutMs = 30_000): Promise<number> {
  await expect
    .poll(() => probe.samples.some((sample) => sample.at >= since && sample.status === 200), {
      timeout: timeoutMs,
      intervals: [100],
    })
    .toBe(true);
  const first = probe.samples
    .filter((sample) => sample.at >= since && sample.status === 200)
    .sort((a, b) => a.at - b.at)[0];
  return (first?.at ?? Infinity) - since;
}

/** Requests sent this close to either end of an outage may cross the moment it began or ended. */
export const OUTAGE_EDGE_MS = 200;

/** The probe's samples sent well inside an outage (away from both edges). */
export function outageSamples(probe: Probe, downAt: number, upAt: number): ProbeSample[] {
  return probe.between(downAt + OUTAGE_EDGE_MS, upAt - OUTAGE_EDGE_MS);
}
