import { Injectable } from '@nestjs/common';
import {
  ABSENT_REMOVAL_MESSAGES as MESSAGES,
  ABSENT_UNDO_DAYS,
  type AbsentRemoval,
  type AbsentStatus,
  type RemoveAbsentReply,
  type RestoreAbsentReply,
} from '@warmpath/contracts';
import { conflict, notFound, ServiceError } from '@warmpath/server-kit';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { recountCompanyLinks } from '../import-writes/company-links.repository.js';
import {
  bumpNetworkVersion,
  inTransaction,
  lockOwnerNetwork,
  withClient,
} from '../import-writes/pg-client.js';

export const IMPORT_NOT_FOUND = 'Import not found';

interface RemovalRow {
  removed: number;
  removed_at: Date;
  undo_until: Date;
  restored_at: Date | null;
  purged_at: Date | null;
  expired: boolean;
}

/**
 * The people flagged "not in your latest export" move, whole (notes included, same id), from
 * `connections` to `removed_connections`: every reader of the network (snapshots, paths, stats,
 * pooled workspace graphs) then simply no longer finds them. Undo moves them back.
 */
const REMOVE_ABSENT = `
  WITH "gone" AS (
    DELETE FROM "network"."connections" c
    WHERE c."owner_user_id" = $2 AND c."absent_since" IS NOT NULL
    RETURNING c.*)
  INSERT INTO "network"."removed_connections" ("import_id", "connection_id", "owner_user_id", "row")
  SELECT $1, g."id", $2, to_jsonb(g) FROM "gone" g
  RETURNING "row"->>'company_key' AS "company_key"`;

/**
 * Back under their own ids. Someone a later export brought back meanwhile is there already (under a
 * new id, matched by the same key): that person stays, and gets the removed copy's notes if they
 * have none.
 */
const RESTORE_REMOVED = `
  INSERT INTO "network"."connections"
  SELECT (jsonb_populate_record(NULL::"network"."connections", r."row")).*
  FROM "network"."removed_connections" r WHERE r."import_id" = $1
  ON CONFLICT DO NOTHING
  RETURNING "company_key"`;

const CARRY_NOTES = `
  UPDATE "network"."connections" c SET "notes" = r."row"->>'notes', "updated_at" = now()
  FROM "network"."removed_connections" r
  WHERE r."import_id" = $1 AND c."owner_user_id" = $2 AND c."match_key" = r."row"->>'match_key'
    AND c."id" <> (r."row"->>'id')::bigint AND c."notes" IS NULL AND r."row"->>'notes' IS NOT NULL`;

/** Removals past their undo window lose their people for good (their record stays, for the 410). */
const PURGE_EXPIRED = `
  WITH "expired" AS (
    UPDATE "network"."absent_removals" SET "purged_at" = now()
    WHERE "restored_at" IS NULL AND "purged_at" IS NULL AND "undo_until" <= now()
    RETURNING "import_id")
  DELETE FROM "network"."removed_connections" r USING "expired" e WHERE r."import_id" = e."import_id"`;

/**
 * Removing and restoring the people absent from the latest export
 * (docs/import.md#removing-the-people-not-in-your-latest-export).
 */
@Injectable()
export class AbsentRemovalsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async status(importId: string, userId: number): Promise<AbsentStatus> {
    return withClient(this.dataSource, async (client) => {
      const latest = await latestOwnedImport(client, importId, userId);
      const absent = await client.query<{ count: number }>(
        `SELECT count(*)::int AS "count" FROM "network"."connections"
         WHERE "owner_user_id" = $1 AND "absent_since" IS NOT NULL`,
        [userId],
      );
      const removal = await findRemoval(client, importId);
      return {
        importId,
        latest,
        absentNow: absent.rows[0]?.count ?? 0,
        removal: removal ? toRemoval(removal) : null,
      };
    });
  }

  /** Removes everyone flagged absent, from the owner's latest import only; links recounted, version bumped. */
  remove(importId: string, userId: number): Promise<RemoveAbsentReply> {
    return withClient(this.dataSource, (client) =>
      inTransaction(client, async () => {
        await lockOwnerNetwork(client, userId);
        if (!(await latestOwnedImport(client, importId, userId))) throw conflict(MESSAGES.notLatest);
        const previous = await findRemoval(client, importId);
        if (previous && !previous.restored_at) throw conflict(MESSAGES.alreadyRemoved);
        if (previous)
          await client.query('DELETE FROM "network"."absent_removals" WHERE "import_id" = $1', [importId]);
        const moved = await client.query<{ company_key: string | null }>(REMOVE_ABSENT, [importId, userId]);
        if (!moved.rowCount) throw conflict(MESSAGES.nothingToRemove);
        const inserted = await client.query<{ undo_until: Date }>(
          `INSERT INTO "network"."absent_removals" ("import_id", "owner_user_id", "removed", "undo_until")
           VALUES ($1, $2, $3, now() + make_interval(days => $4)) RETURNING "undo_until"`,
          [importId, userId, moved.rowCount, ABSENT_UNDO_DAYS],
        );
        await recountCompanyLinks(client, userId, companyKeys(moved.rows));
        await bumpNetworkVersion(client, userId);
        return {
          importId,
          removed: moved.rowCount,
          undoUntil: (inserted.rows[0]?.undo_until ?? new Date()).toISOString(),
        };
      }),
    );
  }

  restore(importId: string, userId: number): Promise<RestoreAbsentReply> {
    return withClient(this.dataSource, (client) =>
      inTransaction(client, async () => {
        await lockOwnerNetwork(client, userId);
        await latestOwnedImport(client, importId, userId);
        const removal = await findRemoval(client, importId, true);
        if (!removal) throw conflict(MESSAGES.nothingToUndo);
        if (removal.restored_at) throw conflict(MESSAGES.alreadyRestored);
        if (removal.expired || removal.purged_at) throw new ServiceError('expired', MESSAGES.undoExpired);
        const back = await client.query<{ company_key: string | null }>(RESTORE_REMOVED, [importId]);
        await client.query(CARRY_NOTES, [importId, userId]);
        await client.query('DELETE FROM "network"."removed_connections" WHERE "import_id" = $1', [importId]);
        await client.query(
          'UPDATE "network"."absent_removals" SET "restored_at" = now() WHERE "import_id" = $1',
          [importId],
        );
        await recountCompanyLinks(client, userId, companyKeys(back.rows));
        await bumpNetworkVersion(client, userId);
        return { importId, restored: removal.removed };
      }),
    );
  }

  /** Makes the removals past their undo window final; answers how many people were purged. */
  purgeExpired(): Promise<number> {
    return withClient(this.dataSource, async (client) => (await client.query(PURGE_EXPIRED)).rowCount ?? 0);
  }
}

/**
 * Whether `importId` is the owner's latest import. Anyone else's import answers exactly like an
 * unknown one (NOT_FOUND, same message).
 */
async function latestOwnedImport(client: pg.PoolClient, importId: string, userId: number): Promise<boolean> {
  const owned = await client.query<{ owner_user_id: number }>(
    `SELECT "owner_user_id" FROM "network"."import_commits" WHERE "import_id" = $1`,
    [importId],
  );
  if (owned.rows[0]?.owner_user_id !== userId) throw notFound(IMPORT_NOT_FOUND);
  const latest = await client.query<{ import_id: string }>(
    `SELECT "import_id" FROM "network"."import_commits" WHERE "owner_user_id" = $1
     ORDER BY "committed_at" DESC, "import_id" DESC LIMIT 1`,
    [userId],
  );
  return latest.rows[0]?.import_id === importId;
}

async function findRemoval(
  client: pg.PoolClient,
  importId: string,
  forUpdate = false,
): Promise<RemovalRow | undefined> {
  const result = await client.query<RemovalRow>(
    `SELECT "removed", "removed_at", "undo_until", "restored_at", "purged_at", "undo_until" <= now() AS "expired"
     FROM "network"."absent_removals" WHERE "import_id" = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [importId],
  );
  return result.rows[0];
}

function toRemoval(row: RemovalRow): AbsentRemoval {
  return {
    removed: row.removed,
    removedAt: row.removed_at.toISOString(),
    undoUntil: row.undo_until.toISOString(),
    restoredAt: row.restored_at?.toISOString() ?? null,
    state: row.restored_at ? 'restored' : row.expired || row.purged_at ? 'final' : 'undoable',
  };
}

function companyKeys(rows: readonly { company_key: string | null }[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) if (row.company_key) keys.add(row.company_key);
  return [...keys];
}
