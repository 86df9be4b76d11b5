import { Inject, Injectable, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { STAGED_ROW_COLUMNS, type CommitImportReply, type OpenImportReply } from '@warmpath/contracts';
import { invalid, liftQueryTimeout, LOGGER, SERVICE_CONFIG, ServiceError } from '@warmpath/server-kit';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { Logger } from 'pino';
import { DataSource, type QueryRunner } from 'typeorm';
import type { NetworkConfig } from '../../config/network.config.js';
import { PERSON_COLUMNS } from './import-merge.repository.js';
import { bumpNetworkVersion, tryLockOwnerNetwork } from './pg-client.js';
import { asBuffer, copyRowEnds } from './staging.repository.js';

export interface DirectImportKey {
  importId: string;
  userId: number;
  attempt: number;
}

/** Direct imports one instance holds at once by default, each on a pool connection of its own (the pool has 10). */
export const MAX_DIRECT_SESSIONS = 2;
/**
 * A direct import no message touched for this long is rolled back: its worker died, and the
 * worker's next try must find the owner's lock free. A live import sends a batch every few ms.
 */
export const DIRECT_SESSION_IDLE_MS = 20_000;
/** Postgres' own guard, should this process hang with a transaction open. */
const IDLE_IN_TRANSACTION_TIMEOUT = '60s';

const quoted = PERSON_COLUMNS.map((column) => `"${column}"`);
const BATCH_COLUMNS = STAGED_ROW_COLUMNS.map((column) => `"${column}"`);

/** The batch table: the staged columns and their types, private to the session's transaction. */
const CREATE_BATCH_TABLE = `
  CREATE TEMP TABLE "direct_batch" ON COMMIT DROP AS
  SELECT ${BATCH_COLUMNS.join(', ')} FROM "network"."import_staging" WITH NO DATA`;

/**
 * A batch that may repeat a person goes into the owner's connections one row per person: the last
 * line of a person wins, in the batch (DISTINCT ON) and across batches (later batches hold later
 * lines and update what an earlier one inserted). Every other batch is COPYed straight into
 * connections. ON CONFLICT (speculative insertion) doubled the time of the batch-table inserts, and
 * the straight COPY made the whole import faster (docs/performance.md#figures-behind-choices-in-the-code).
 */
const INSERT_OR_UPDATE_PEOPLE = `
  INSERT INTO "network"."connections" ("owner_user_id", "match_key", ${quoted.join(', ')})
  SELECT DISTINCT ON ("match_key" COLLATE "C") $1::int, "match_key", ${quoted.join(', ')} FROM "direct_batch"
  ORDER BY "match_key" COLLATE "C", "line" DESC
  ON CONFLICT ("owner_user_id", "match_key") DO UPDATE SET ${quoted.map((q) => `${q} = EXCLUDED.${q}`).join(', ')}`;

/**
 * Columns of a staged row as connections has them: the staged columns without the line and the
 * name key (STAGED_ROW_COLUMNS order), behind the owner.
 */
const CONNECTION_COPY_COLUMNS = ['owner_user_id', 'match_key', ...STAGED_ROW_COLUMNS.slice(3)]
  .map((column) => `"${column}"`)
  .join(', ');
const TAB = 0x09;

const SUMMARISE = `
  SELECT count(*)::int AS "inserted",
         COALESCE(array_agg(DISTINCT "company_key") FILTER (WHERE "company_key" IS NOT NULL), '{}') AS "touched"
  FROM "network"."connections" WHERE "owner_user_id" = $1`;

const sessionGone = (key: DirectImportKey) =>
  new ServiceError(
    'SERVICE_UNAVAILABLE',
    `Import ${key.importId} (try ${key.attempt}) has no open transaction here any more`,
  );

/** One direct import: a pool connection inside an open transaction, its steps run one at a time. */
class DirectSession {
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

/**
 * First imports written straight into connections while the file is being parsed (the
 * merge no longer waits for the whole file). The import's rows are inserted batch by batch in one
 * transaction this instance holds open, under the owner's lock: nothing is visible before the
 * commit, and a bad file, a failed step, an abort, a worker gone silent or this process ending
 * rolls everything back (earlier data cannot be touched: a first import has none). Imports into a
 * network that has people go through staging and the merge instead (ImportMergeRepository).
 */
@Injectable()
export class DirectImportSessions implements OnApplicationShutdown {
  /** This instance's name in the direct subjects (directImportContracts). */
  readonly instance = randomBytes(6).toString('hex');
  private readonly sessions = new Map<string, DirectSession>();
  private closing = false;
  /** How long an import may go without a message (a property so tests can shorten it). */
  idleMs = DIRECT_SESSION_IDLE_MS;
  private readonly maxSessions: number;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(SERVICE_CONFIG) config?: Pick<NetworkConfig, 'IMPORT_DIRECT_MAX_SESSIONS'>,
  ) {
    this.maxSessions = config?.IMPORT_DIRECT_MAX_SESSIONS ?? MAX_DIRECT_SESSIONS;
  }

  get openSessions(): number {
    return this.sessions.size;
  }

  /** Opens a direct import when it can: a first import, the owner's lock free, room on this instance. */
  async open(key: DirectImportKey): Promise<OpenImportReply> {
    if (this.closing || this.sessions.size >= this.maxSessions) return { mode: 'staged' };
    await this.sessions.get(sessionId(key))?.end('ROLLBACK');
    const runner = this.dataSource.createQueryRunner('master');
    const client = (await runner.connect()) as pg.PoolClient;
    const session = new DirectSession(key, runner, client, this.idleMs, (idle) => void this.expire(idle));
    try {
      await client.query('BEGIN');
      if (!(await this.canWriteDirectly(client, key))) {
        await session.end('ROLLBACK');
        return { mode: 'staged' };
      }
      await client.query(`SET LOCAL idle_in_transaction_session_timeout = '${IDLE_IN_TRANSACTION_TIMEOUT}'`);
      await client.query(CREATE_BATCH_TABLE);
    } catch (error) {
      await session.end('ROLLBACK').catch(() => undefined);
      throw error;
    }
    this.sessions.set(sessionId(key), session);
    return { mode: 'direct', instance: this.instance };
  }

  /**
   * Inserts one batch (COPY text bytes, rowCount rows) into the owner's connections: COPYed
   * straight into the table when none of its people can have come before (the usual case), else
   * through the batch table and an upsert.
   */
  async stage(key: DirectImportKey, rowCount: number, copyText: Uint8Array): Promise<number> {
    const text = asBuffer(copyText);
    const session = this.session(key);
    const rows = stagedRowSpans(text, copyRowEnds(text, rowCount, key.importId));
    const repeats = session.noteKeys(text, rows);
    return await session.run(async (client) => {
      if (!repeats) {
        await pipeline(
          Readable.from([toConnectionRows(text, rows, key.userId)]),
          client.query(
            copyStreams.from(`COPY "network"."connections" (${CONNECTION_COPY_COLUMNS}) FROM STDIN`),
          ),
        );
        return rowCount;
      }
      await client.query('TRUNCATE "direct_batch"');
      await pipeline(
        Readable.from([text]),
        client.query(copyStreams.from(`COPY "direct_batch" (${BATCH_COLUMNS.join(', ')}) FROM STDIN`)),
      );
      await client.query(INSERT_OR_UPDATE_PEOPLE, [key.userId]);
      return rowCount;
    });
  }

  /** Records the import (import_commits, like a merge), bumps the version and commits. */
  async commit(key: DirectImportKey): Promise<CommitImportReply> {
    const session = this.session(key);
    const summary = await session.run(async (client) => {
      await client.query(
        `INSERT INTO "network"."import_commits" ("import_id", "owner_user_id", "attempt") VALUES ($1, $2, $3)`,
        [key.importId, key.userId, key.attempt],
      );
      const result = await client.query<{ inserted: number; touched: string[] }>(SUMMARISE, [key.userId]);
      const { inserted, touched } = result.rows[0] ?? { inserted: 0, touched: [] };
      await client.query(
        `UPDATE "network"."import_commits" SET "inserted" = $2, "touched_companies" = $3 WHERE "import_id" = $1`,
        [key.importId, inserted, touched],
      );
      if (inserted > 0) await bumpNetworkVersion(client, key.userId);
      await session.end('COMMIT');
      return { inserted, touched: touched.length };
    });
    this.forget(session);
    return {
      inserted: summary.inserted,
      updated: 0,
      unchanged: 0,
      jobChanges: 0,
      absent: 0,
      touchedCompanies: summary.touched,
      alreadyCommitted: false,
    };
  }

  /** Rolls an import back; false when this instance held nothing for it (any more). */
  async abort(key: Omit<DirectImportKey, 'userId'>): Promise<boolean> {
    const session = this.sessions.get(sessionId(key));
    if (!session) return false;
    this.forget(session);
    await session.end('ROLLBACK');
    return true;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(sessions.map((session) => session.end('ROLLBACK').catch(() => undefined)));
  }

  private async canWriteDirectly(client: pg.PoolClient, key: DirectImportKey): Promise<boolean> {
    // A try already committed (its answer lost): the staged path answers it as a retry.
    const committed = await client.query('SELECT 1 FROM "network"."import_commits" WHERE "import_id" = $1', [
      key.importId,
    ]);
    if (committed.rowCount) return false;
    // Another import of this owner is being written: this one waits its turn in staging.
    if (!(await tryLockOwnerNetwork(client, key.userId))) return false;
    const people = await client.query<{ has: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM "network"."connections" WHERE "owner_user_id" = $1) AS "has"',
      [key.userId],
    );
    return people.rows[0]?.has === false;
  }

  private session(key: DirectImportKey): DirectSession {
    const session = this.sessions.get(sessionId(key));
    if (session && !session.open) this.forget(session);
    if (!session?.open || session.key.userId !== key.userId) throw sessionGone(key);
    return session;
  }

  private async expire(session: DirectSession): Promise<void> {
    if (!session.open) return;
    this.forget(session);
    this.logger.warn(
      { importId: session.key.importId, attempt: session.key.attempt },
      'direct import idle: rolled back',
    );
    await session
      .end('ROLLBACK')
      .catch((error: unknown) => this.logger.warn({ err: error }, 'direct import rollback failed'));
  }

  private forget(session: DirectSession): void {
    const id = sessionId(session.key);
    if (this.sessions.get(id) === session) this.sessions.delete(id);
  }
}

/** Where a staged row's fields of interest are in a batch (byte offsets). */
export interface StagedRowSpan {
  /** The match key (second column): [keyStart, keyEnd), keyEnd being its tab. */
  keyStart: number;
  keyEnd: number;
  /** The first byte after the name key's tab (the first name). */
  restStart: number;
  /** The row's line feed. */
  end: number;
}

/** The spans of every row of a batch of COPY text (STAGED_ROW_COLUMNS: line, match key, name key, ...). */
export function stagedRowSpans(text: Buffer, rowEnds: readonly number[]): StagedRowSpan[] {
  const spans: StagedRowSpan[] = [];
  let start = 0;
  for (const end of rowEnds) {
    const keyStart = text.indexOf(TAB, start) + 1;
    const keyEnd = text.indexOf(TAB, keyStart);
    const restStart = text.indexOf(TAB, keyEnd + 1) + 1;
    if (keyStart === 0 || keyEnd === -1 || restStart === 0 || restStart > end) {
      throw invalid('A staged row has too few columns');
    }
    spans.push({ keyStart, keyEnd, restStart, end });
    start = end + 1;
  }
  return spans;
}

/** A batch's rows as COPY text for connections (CONNECTION_COPY_COLUMNS): owner, match key, the rest. */
export function toConnectionRows(text: Buffer, rows: readonly StagedRowSpan[], ownerUserId: number): Buffer {
  const owner = Buffer.from(`${ownerUserId}\t`);
  let size = 0;
  for (const row of rows)
    size += owner.length + (row.keyEnd + 1 - row.keyStart) + (row.end + 1 - row.restStart);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const row of rows) {
    at += owner.copy(out, at);
    at += text.copy(out, at, row.keyStart, row.keyEnd + 1);
    at += text.copy(out, at, row.restStart, row.end + 1);
  }
  return out;
}

/**
 * FNV-1a (32 bits) of a match key's length and last 24 bytes: keys share long prefixes
 * ("url:https://www.linkedin.com/in/"), and a collision only sends a batch the slower way.
 */
function keyHash(bytes: Buffer, start: number, end: number): number {
  let hash = Math.imul(0x811c9dc5 ^ (end - start), 0x01000193);
  for (let i = Math.max(start, end - 24); i < end; i++)
    hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  return hash >>> 0;
}

const sessionId = (key: { importId: string; attempt: number }): string => `${key.importId}:${key.attempt}`;
