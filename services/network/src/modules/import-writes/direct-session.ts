import { liftQueryTimeout, ServiceError } from '@warmpath/server-kit';
import type pg from 'pg';
import type { QueryRunner } from 'typeorm';
import { keyHash, type StagedRowSpan } from './direct-copy-rows.js';

export interface DirectImportKey {
  importId: string;
  userId: number;
  attempt: number;
}

export const sessionGone = (key: DirectImportKey) =>
  new ServiceError(
    'SERVICE_UNAVAILABLE',
    `Import ${key.importId} (try ${key.attempt}) has no open transaction here any more`,
  );

/** One direct import: a pool connection inside an open transaction, its steps run one at a time. */
export class DirectSession {
  private chain: Promise<unknown> = Promise.resolve();
  private idle: NodeJS.Timeout | undefined;
  /** Hashes of the match keys written so far (a collision only sends a batch the slower way). */
  private readonly keys = new Set<number>();
  /** The import's statements (COPY of a batch, the link step) run as long as they need. */
  private readonly restoreQueryTimeout: () => void;
  open = true;

  constructor(
    readonly key: DirectImportKey,
    private readonly runner: QueryRunner,
    readonly client: pg.PoolClient,
    private readonly idleMs: number,
    private readonly onIdle: (session: DirectSession) => void,
  ) {
    this.restoreQueryTimeout = liftQueryTimeout(client);
    this.touch();
  }

  /** Runs `step` after every earlier one, in arrival order; a failed step rolls the import back. */
  run<T>(step: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const next = this.chain.then(async () => {
      if (!this.open) throw sessionGone(this.key);
      try {
        return await step(this.client);
      } catch (error) {
        await this.end('ROLLBACK');
        throw error;
      } finally {
        this.touch();
      }
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  /**
   * Notes the match key of every row of a batch, in arrival order; true when one may have come
   * before, in this batch or an earlier one.
   */
  noteKeys(text: Buffer, rows: readonly StagedRowSpan[]): boolean {
    let repeats = false;
    for (const row of rows) {
      const hash = keyHash(text, row.keyStart, row.keyEnd);
      if (this.keys.has(hash)) repeats = true;
      else this.keys.add(hash);
    }
    return repeats;
  }

  /** Ends the transaction (COMMIT or ROLLBACK) and gives the connection back; idempotent. */
  async end(command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    if (!this.open) return;
    this.open = false;
    clearTimeout(this.idle);
    try {
      await this.client.query(command);
    } finally {
      this.restoreQueryTimeout();
      await this.runner.release();
    }
  }

  private touch(): void {
    clearTimeout(this.idle);
    if (this.open) this.idle = setTimeout(() => this.onIdle(this), this.idleMs).unref();
  }
}

export const sessionId = (key: { importId: string; attempt: number }): string =>
  `${key.importId}:${key.attempt}`;
