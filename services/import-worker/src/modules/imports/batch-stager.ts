import type { networkImportContracts } from '@warmpath/contracts';
import type { BusClient } from '@warmpath/server-kit';
import type { EncodedBatch } from '../csv/threaded-reader.js';

export type StageContract = typeof networkImportContracts.stageRows;

export interface StageTarget {
  importId: string;
  userId: number;
  attempt: number;
}

/**
 * Sends staging batches to the network service with at most `maxInFlight` unanswered at once: the
 * worker parses the next batch while the network service COPYs the previous one, and waits when
 * the network service falls behind (backpressure all the way back to the upload stream).
 */
export class BatchStager {
  private readonly pending = new Set<Promise<void>>();
  private failure: unknown = null;
  private failed = false;
  staged = 0;

  constructor(
    private readonly bus: BusClient,
    private readonly target: StageTarget,
    private readonly maxInFlight: number,
    private readonly timeoutMs: number,
    /** Where batches go: the staging table, or the network instance writing a direct import. */
    private readonly contract: StageContract,
  ) {}

  async push(batch: EncodedBatch): Promise<void> {
    this.throwIfFailed();
    while (this.pending.size >= this.maxInFlight) await Promise.race(this.pending);
    this.throwIfFailed();
    const sent: Promise<void> = this.bus
      .requestBytes(this.contract, { ...this.target, rowCount: batch.rowCount }, batch.bytes, {
        timeoutMs: this.timeoutMs,
      })
      .then(
        (reply) => {
          this.staged += reply.staged;
        },
        (error: unknown) => {
          if (!this.failed) [this.failed, this.failure] = [true, error];
        },
      )
      .finally(() => this.pending.delete(sent));
    this.pending.add(sent);
  }

  /** Waits for every batch; throws the first failure. */
  async drain(): Promise<void> {
    await Promise.all(this.pending);
    this.throwIfFailed();
  }

  /** Waits for the batches still on their way, whatever their outcome (before discarding what they staged). */
  async settle(): Promise<void> {
    await Promise.all(this.pending);
  }

  private throwIfFailed(): void {
    if (this.failed) throw this.failure;
  }
}
