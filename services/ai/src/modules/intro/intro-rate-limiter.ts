import { introRateLimited } from './intro.exception.js';

export interface IntroRateLimits {
  maxConcurrent: number;
  maxPerMinute: number;
}

const WINDOW_MS = 60_000;

/**
 * Per-user limits on intro requests: how many run at once, and how many started in the last
 * minute (sliding window). Counters live in this process, which is exact for one replica of
 * the ai service; with N replicas a user could get up to N times the limits.
 */
export class IntroRateLimiter {
  private readonly running = new Map<number, number>();
  private readonly started = new Map<number, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly limits: IntroRateLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Admits one request or throws RATE_LIMITED; call the returned function when it ends. */
  admit(userId: number): () => void {
    const now = this.now();
    this.sweep(now);
    const recent = (this.started.get(userId) ?? []).filter((at) => at > now - WINDOW_MS);
    const running = this.running.get(userId) ?? 0;
    if (running >= this.limits.maxConcurrent || recent.length >= this.limits.maxPerMinute) {
      this.remember(userId, recent);
      throw introRateLimited();
    }
    recent.push(now);
    this.remember(userId, recent);
    this.running.set(userId, running + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
    };
  }

  /** Once a minute, forgets users with nothing left in the window: the map only holds active users. */
  private sweep(now: number): void {
    if (now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    for (const [userId, times] of this.started) {
      if (!times.some((at) => at > now - WINDOW_MS)) this.started.delete(userId);
    }
  }

  private remember(userId: number, recent: number[]): void {
    if (recent.length > 0) this.started.set(userId, recent);
    else this.started.delete(userId);
  }
}
