export interface ProbeSample {
  /** When the request was sent (ms since the epoch). */
  at: number;
  /** HTTP status; 0 when no response came (connection closed or refused). */
  status: number;
  /** Time to the response (ms). */
  ms: number;
  code?: string;
  retryAfter: string | null;
}

/**
 * Sends one request every `everyMs` in the background (each on its own, never waiting for the
 * previous one, as users would) and records what came back and how fast.
 */
export class Probe {
  readonly samples: ProbeSample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly url: string,
    private readonly init: RequestInit = {},
    private readonly everyMs = 200,
  ) {}

  start(): this {
    this.timer = setInterval(() => this.sample(), this.everyMs);
    return this;
  }

  /** Stops sending and waits for the answers still on their way. */
  async stop(): Promise<ProbeSample[]> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.pending);
    return this.samples.sort((a, b) => a.at - b.at);
  }

  /** The samples sent between two instants. */
  between(from: number, to: number): ProbeSample[] {
    return this.samples.filter((sample) => sample.at >= from && sample.at < to);
  }

  private sample(): void {
    const at = Date.now();
    const done = fetch(this.url, { ...this.init, signal: AbortSignal.timeout(60_000) })
      .then(async (response) => {
        const text = await response.text();
        let code: string | undefined;
        try {
          code = (JSON.parse(text) as { code?: string }).code;
        } catch {
          code = undefined;
        }
        this.samples.push({
          at,
          status: response.status,
          ms: Date.now() - at,
          code,
          retryAfter: response.headers.get('retry-after'),
        });
      })
      .catch(() => void this.samples.push({ at, status: 0, ms: Date.now() - at, retryAfter: null }))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }
}

/** A one-line summary for failure messages: status counts, the 95th percentile and the slowest answer. */
export function describeSamples(samples: ProbeSample[]): string {
  const counts = new Map<number, number>();
  for (const sample of samples) counts.set(sample.status, (counts.get(sample.status) ?? 0) + 1);
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
  return `${samples.length} samples, statuses ${JSON.stringify(Object.fromEntries(counts))}, p95 ${p95} ms, slowest ${sorted.at(-1) ?? 0} ms`;
}

/**
 * The criterion for "answered fast": 95 % of answers within `fastMs`, and none slower than
 * `ceilingMs` (below every request timeout, so no answer waited for one). A percentile, because
 * the scenarios share two cores with each other and one stall of the machine is not the
 * service's doing.
 */
export function answeredFast(samples: ProbeSample[], fastMs: number, ceilingMs = 2000): boolean {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
  return p95 < fastMs && (sorted.at(-1) ?? 0) < ceilingMs;
}
