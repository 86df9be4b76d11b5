/** BullMQ backoff type of invitation mails (a custom strategy registered on the worker). */
export const MAIL_BACKOFF_TYPE = 'capped-exponential';

/**
 * Delay before retry number `attemptsMade` (1 after the first failure): base, 2×base, 4×base...
 * never more than `maxMs`, so an SMTP server back after an hour gets its mails within `maxMs`.
 */
export function cappedExponentialDelay(attemptsMade: number, baseMs: number, maxMs: number): number {
  const exponent = Math.max(0, attemptsMade - 1);
  // 2^exponent overflows to Infinity long after it passed any cap; min() still answers the cap.
  return Math.min(maxMs, baseMs * 2 ** exponent);
}
