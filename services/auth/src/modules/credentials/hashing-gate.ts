import { currentDeadline, metricsRegistry, ServiceError } from '@warmpath/server-kit';
import { Counter, Gauge } from 'prom-client';

export const HASHING_BUSY = 'Too many sign-ins at once. Please try again in a moment.';
export const HASHING_EXPIRED = 'The sign-in took too long to start; please try again.';

const dropped = new Counter({
  name: 'warmpath_password_hash_dropped_total',
  help: 'Password hashes not run: the queue was full (busy) or their caller had stopped waiting (expired)',
  labelNames: ['reason'],
  registers: [metricsRegistry],
});
const waiting = new Gauge({
  name: 'warmpath_password_hash_waiting',
  help: 'Password hashes waiting for a slot',
  registers: [metricsRegistry],
});

/**
 * Bounds the password hashing work (docs/security.md#sign-in-capacity): at most `concurrency`
 * hashes at a time (scrypt runs in libuv's pool, off the event loop, ~32 MiB each), at most
 * `queueMax` waiting, none admitted to the queue when the hashes ahead of it (at the recent time
 * per hash) would outlast its caller's wait (the bus deadline), and a waiting hash whose caller has
 * stopped waiting is dropped unrun. So a burst costs at most a short queue of work, and the service
 * answers the next sign-in at once instead of hashing for callers long gone.
 */
export class HashingGate {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  /** Moving average of recent hash times, to tell whether a waiting hash can still finish in time. */
  private typicalMs = 0;

  constructor(
    private readonly concurrency: number,
    private readonly queueMax: number,
  ) {}

  async run<T>(hash: () => Promise<T>): Promise<T> {
    const deadline = currentDeadline();
    let waited = false;
    if (this.running < this.concurrency) this.running += 1;
    else {
      waited = true;
      if (this.queue.length >= this.queueMax || this.cannotFinish(deadline)) {
        dropped.inc({ reason: 'busy' });
        throw new ServiceError('SERVICE_UNAVAILABLE', HASHING_BUSY);
      }
      // The slot is handed over by release(): running stays counted for us.
      await new Promise<void>((resolve) => this.queue.push(resolve));
      waiting.set(this.queue.length);
    }
    try {
      // Only a hash that waited is dropped by the estimate; one that found a free slot runs unless
      // its caller has already gone, so the estimate is always renewed. Were it not, one slow spell
      // (a machine overloaded for a while) would leave an estimate past every caller's wait, and
      // every sign-in would be refused from then on.
      if (deadline !== undefined && Date.now() + (waited ? this.typicalMs : 0) >= deadline) {
        dropped.inc({ reason: 'expired' });
        throw new ServiceError('SERVICE_TIMEOUT', HASHING_EXPIRED);
      }
      const started = performance.now();
      const result = await hash();
      const took = performance.now() - started;
      this.typicalMs = this.typicalMs === 0 ? took : this.typicalMs * 0.8 + took * 0.2;
      return result;
    } finally {
      this.release();
    }
  }

  /** Whether, behind the hashes already waiting, this one would end after its caller stops waiting. */
  private cannotFinish(deadline: number | undefined): boolean {
    if (deadline === undefined) return false;
    const rounds = Math.ceil((this.queue.length + 1) / this.concurrency) + 1;
    return Date.now() + rounds * this.typicalMs >= deadline;
  }

  private release(): void {
    const next = this.queue.shift();
    waiting.set(this.queue.length);
    if (next) next();
    else this.running -= 1;
  }
}
