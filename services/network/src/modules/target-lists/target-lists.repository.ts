import { Injectable } from '@nestjs/common';
import type {
  CreateTargetListRequest,
  SkippedTargetRow,
  Target,
  TargetCorrection,
  TargetList,
} from '@warmpath/contracts';
import type { TargetSeenSnapshot } from '@warmpath/domain';
import { DataSource } from 'typeorm';

// Storage of target lists (docs/targets.md#storage): network.target_lists, target_rows,
// target_corrections, target_list_seen. Deleting a list deletes its rows, corrections and
// snapshots (ON DELETE CASCADE).

interface ListRow {
  id: string;
  team_id: number | null;
  name: string;
  source_name: string | null;
  target_count: number;
  skipped_count: number;
  created_by: number;
  created_at: Date;
  updated_by: number;
  updated_at: Date;
}

const LIST_COLUMNS = `id, team_id, name, source_name, target_count, skipped_count, created_by, created_at,
  updated_by, updated_at`;

const toList = (row: ListRow): TargetList => ({
  id: row.id,
  teamId: row.team_id,
  name: row.name,
  sourceName: row.source_name,
  targetCount: row.target_count,
  skippedCount: row.skipped_count,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
  updatedBy: row.updated_by,
  updatedAt: row.updated_at.toISOString(),
});

/** A list's scope: a workspace's lists, or one user's own (team null). */
export interface ListScope {
  userId: number;
  teamId: number | null;
}

/** One reader's last look at a list (docs/targets.md#new-ways-in). */
export interface SeenSnapshot {
  seenAt: string;
  snapshot: TargetSeenSnapshot;
}

/** Lists of a workspace, or the user's own lists: `created_by` only counts for the own ones. */
const IN_SCOPE = `(($2::int IS NULL AND team_id IS NULL AND created_by = $1) OR team_id = $2::int)`;

@Injectable()
export class TargetListsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The list and its targets in one transaction: nothing is left of a failed insert. */
  async create(request: CreateTargetListRequest): Promise<TargetList> {
    return this.dataSource.transaction(async (db) => {
      const rows: ListRow[] = await db.query(
        `INSERT INTO network.target_lists
           (team_id, name, source_name, mapping, skipped, target_count, skipped_count, created_by, updated_by)
         VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $8)
         RETURNING ${LIST_COLUMNS}`,
        [
          request.teamId,
          request.name,
          request.sourceName,
          request.mapping === null ? null : JSON.stringify(request.mapping),
          JSON.stringify(request.skipped),
          request.targets.length,
          request.skipped.length,
          request.userId,
        ],
      );
      const list = rows[0] as ListRow;
      await db.query(
        `INSERT INTO network.target_rows (list_id, line, target)
         SELECT $1, (t->>'line')::int, t FROM jsonb_array_elements($2::jsonb) AS t`,
        [list.id, JSON.stringify(request.targets)],
      );
      return toList(list);
    });
  }

  async list(scope: ListScope): Promise<TargetList[]> {
    const rows: ListRow[] = await this.dataSource.query(
      `SELECT ${LIST_COLUMNS} FROM network.target_lists WHERE ${IN_SCOPE}
       ORDER BY created_at DESC, id`,
      [scope.userId, scope.teamId],
    );
    return rows.map(toList);
  }

  /** The list when it is in the scope; null otherwise (another workspace's, someone's own). */
  async find(scope: ListScope, listId: string): Promise<TargetList | null> {
    const rows: ListRow[] = await this.dataSource.query(
      `SELECT ${LIST_COLUMNS} FROM network.target_lists WHERE id = $3 AND ${IN_SCOPE}`,
      [scope.userId, scope.teamId, listId],
    );
    return rows[0] ? toList(rows[0]) : null;
  }

  /** Its targets in line order, its skipped rows and its corrections. */
  async contents(
    listId: string,
  ): Promise<{ targets: Target[]; skipped: SkippedTargetRow[]; corrections: TargetCorrection[] }> {
    const [targets, lists, corrections] = await Promise.all([
      this.dataSource.query(`SELECT target FROM network.target_rows WHERE list_id = $1 ORDER BY line`, [
        listId,
      ]) as Promise<{ target: Target }[]>,
      this.dataSource.query(`SELECT skipped FROM network.target_lists WHERE id = $1`, [listId]) as Promise<
        { skipped: SkippedTargetRow[] }[]
      >,
      this.dataSource.query(
        `SELECT line, company_key FROM network.target_corrections WHERE list_id = $1 ORDER BY line`,
        [listId],
      ) as Promise<{ line: number; company_key: string | null }[]>,
    ]);
    return {
      targets: targets.map((row) => row.target),
      skipped: lists[0]?.skipped ?? [],
      corrections: corrections.map((row) => ({ line: row.line, companyKey: row.company_key })),
    };
  }

  /** Sets the corrections of these lines (only lines the list holds) and marks the list updated. */
  async correct(listId: string, userId: number, corrections: readonly TargetCorrection[]): Promise<void> {
    await this.dataSource.transaction(async (db) => {
      await db.query(
        `INSERT INTO network.target_corrections (list_id, line, company_key, updated_by)
         SELECT $1, c.line, c.company_key, $3
         FROM jsonb_to_recordset($2::jsonb) AS c(line int, company_key text)
         JOIN network.target_rows r ON r.list_id = $1 AND r.line = c.line
         ON CONFLICT (list_id, line) DO UPDATE
           SET company_key = EXCLUDED.company_key, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [
          listId,
          JSON.stringify(corrections.map((fix) => ({ line: fix.line, company_key: fix.companyKey }))),
          userId,
        ],
      );
      await db.query(`UPDATE network.target_lists SET updated_by = $2, updated_at = now() WHERE id = $1`, [
        listId,
        userId,
      ]);
    });
  }

  /**
   * Removes the correction of one line and marks the list updated (its coverage is memoised per
   * `updatedAt`); answers what was there: `removed`, or `no-line` / `no-correction` and nothing
   * changed.
   */
  async removeCorrection(
    listId: string,
    userId: number,
    line: number,
  ): Promise<'removed' | 'no-line' | 'no-correction'> {
    return this.dataSource.transaction(async (db) => {
      // A SELECT over the DELETE: rows come back as rows (a bare DELETE answers [rows, count]).
      const removed: unknown[] = await db.query(
        `WITH removed AS (
           DELETE FROM network.target_corrections WHERE list_id = $1 AND line = $2 RETURNING line)
         SELECT line FROM removed`,
        [listId, line],
      );
      if (removed.length === 0) {
        const rows: unknown[] = await db.query(
          `SELECT 1 FROM network.target_rows WHERE list_id = $1 AND line = $2`,
          [listId, line],
        );
        return rows.length === 0 ? 'no-line' : 'no-correction';
      }
      await db.query(`UPDATE network.target_lists SET updated_by = $2, updated_at = now() WHERE id = $1`, [
        listId,
        userId,
      ]);
      return 'removed';
    });
  }

  /** Renames the list and marks it updated by `userId` (a SELECT over the UPDATE: rows come back as rows). */
  async rename(listId: string, userId: number, name: string): Promise<TargetList | null> {
    const rows: ListRow[] = await this.dataSource.query(
      `WITH renamed AS (
         UPDATE network.target_lists SET name = $2, updated_by = $3, updated_at = now()
         WHERE id = $1 RETURNING ${LIST_COLUMNS})
       SELECT * FROM renamed`,
      [listId, name, userId],
    );
    return rows[0] ? toList(rows[0]) : null;
  }

  /** What the user saw of the list when they last marked it seen; null before the first time. */
  async seen(listId: string, userId: number): Promise<SeenSnapshot | null> {
    const rows: { seen_at: Date; snapshot: TargetSeenSnapshot }[] = await this.dataSource.query(
      `SELECT seen_at, snapshot FROM network.target_list_seen WHERE list_id = $1 AND user_id = $2`,
      [listId, userId],
    );
    const row = rows[0];
    return row ? { seenAt: row.seen_at.toISOString(), snapshot: row.snapshot } : null;
  }

  /** The user's snapshots of these lists, by list id (lists never marked seen are absent). */
  async seenOf(listIds: readonly string[], userId: number): Promise<Map<string, SeenSnapshot>> {
    if (listIds.length === 0) return new Map();
    const rows: { list_id: string; seen_at: Date; snapshot: TargetSeenSnapshot }[] =
      await this.dataSource.query(
        `SELECT list_id, seen_at, snapshot FROM network.target_list_seen
       WHERE user_id = $2 AND list_id = ANY($1::uuid[])`,
        [listIds, userId],
      );
    return new Map(
      rows.map((row) => [row.list_id, { seenAt: row.seen_at.toISOString(), snapshot: row.snapshot }]),
    );
  }

  /** Replaces the user's snapshot of the list; answers when it was taken. */
  async markSeen(listId: string, userId: number, snapshot: TargetSeenSnapshot): Promise<string> {
    const rows: { seen_at: Date }[] = await this.dataSource.query(
      `INSERT INTO network.target_list_seen (list_id, user_id, snapshot) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (list_id, user_id) DO UPDATE SET snapshot = EXCLUDED.snapshot, seen_at = now()
       RETURNING seen_at`,
      [listId, userId, JSON.stringify(snapshot)],
    );
    return (rows[0] as { seen_at: Date }).seen_at.toISOString();
  }

  async delete(listId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM network.target_lists WHERE id = $1`, [listId]);
  }
}
