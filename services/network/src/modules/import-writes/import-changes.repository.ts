import { Injectable } from '@nestjs/common';
import type {
  ImportChange,
  ImportChangeKind,
  ImportChangesPage,
  ImportChangesQuery,
} from '@warmpath/contracts';
import type { StrengthBand } from '@warmpath/domain';
import { notFound } from '@warmpath/server-kit';
import type pg from 'pg';
import { DataSource } from 'typeorm';

/**
 * A job change: the company (by company key, so "Acme Inc." and "ACME" are one company) or the
 * position (ignoring case) differs. Other changes (e-mail, names, location) are updates, not moves.
 */
export const JOB_CHANGED_SQL = `(c."id" IS NOT NULL AND (c."company_key" IS DISTINCT FROM s."company_key"
  OR lower(c."position") IS DISTINCT FROM lower(s."position")))`;

/** The people a re-import added (inserted by INSERT_NEW just before), recorded as `new`. */
const RECORD_NEW = `
  INSERT INTO "network"."import_changes"
    ("import_id", "owner_user_id", "connection_id", "kind", "first_name", "last_name", "after_company", "after_position")
  SELECT $1, $2, c."id", 'new', c."first_name", c."last_name", c."company", c."position"
  FROM "merged" m JOIN "network"."connections" c ON c."owner_user_id" = $2 AND c."match_key" = m."match_key"
  WHERE m."existing_id" IS NULL`;

/** Job changes, before and after; the person keeps where they were and when it was seen. */
const RECORD_JOB_CHANGES = `
  WITH "moved" AS (
    UPDATE "network"."connections" c SET "previous_company" = m."old_company",
      "previous_position" = m."old_position", "job_changed_at" = now()
    FROM "merged" m WHERE c."id" = m."existing_id" AND m."job_changed"
    RETURNING c."id", c."first_name", c."last_name", c."company", c."position", m."old_company", m."old_position")
  INSERT INTO "network"."import_changes" ("import_id", "owner_user_id", "connection_id", "kind", "first_name",
    "last_name", "before_company", "before_position", "after_company", "after_position")
  SELECT $1, $2, "id", 'job-change', "first_name", "last_name", "old_company", "old_position", "company", "position"
  FROM "moved"`;

/**
 * People stored before and missing from this export: flagged, never deleted (they may be back in
 * the next export, and their notes are the user's). Flagged once: an absence is a change of the
 * import that first missed them. People back in an export lose the flag.
 */
const RECORD_ABSENT = `
  WITH "gone" AS (
    UPDATE "network"."connections" c SET "absent_since" = now()
    WHERE c."owner_user_id" = $2 AND c."absent_since" IS NULL
      AND NOT EXISTS (SELECT 1 FROM "merged" m WHERE m."match_key" = c."match_key")
    RETURNING c."id", c."first_name", c."last_name", c."company", c."position")
  INSERT INTO "network"."import_changes" ("import_id", "owner_user_id", "connection_id", "kind", "first_name",
    "last_name", "before_company", "before_position")
  SELECT $1, $2, "id", 'absent', "first_name", "last_name", "company", "position" FROM "gone"`;

const CLEAR_RETURNED = `
  UPDATE "network"."connections" c SET "absent_since" = NULL
  FROM "merged" m WHERE c."id" = m."existing_id" AND c."absent_since" IS NOT NULL`;

export interface RecordedChanges {
  jobChanges: number;
  absent: number;
  /** People back in an export after an absence (their flag cleared). */
  returned: number;
}

/** Records a re-import's changes inside its merge transaction (the `merged` table built). */
export async function recordImportChanges(
  client: pg.PoolClient,
  importId: string,
  userId: number,
): Promise<RecordedChanges> {
  const params = [importId, userId];
  await client.query(RECORD_NEW, params);
  const moved = await client.query(RECORD_JOB_CHANGES, params);
  const gone = await client.query(RECORD_ABSENT, params);
  const back = await client.query(CLEAR_RETURNED);
  return { jobChanges: moved.rowCount ?? 0, absent: gone.rowCount ?? 0, returned: back.rowCount ?? 0 };
}

const KIND_ORDER = `CASE "kind" WHEN 'new' THEN 0 WHEN 'job-change' THEN 1 WHEN 'strength-change' THEN 2 ELSE 3 END`;

/**
 * The rows of a kind. A band move is recorded on the person's row of the import whatever its kind
 * (one row per person), so `strength-change` lists every row with bands.
 */
const OF_KIND = `($2::varchar IS NULL OR "kind" = $2 OR ($2 = 'strength-change' AND "after_band" IS NOT NULL))`;

interface ChangeRow {
  kind: ImportChangeKind;
  connection_id: string;
  first_name: string;
  last_name: string;
  before_company: string | null;
  before_position: string | null;
  after_company: string | null;
  after_position: string | null;
  before_band: StrengthBand | null;
  after_band: StrengthBand | null;
  before_score: number | null;
  after_score: number | null;
}

/** Reads an import's recorded changes for GET /api/imports/{id}/changes. */
@Injectable()
export class ImportChangesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(request: ImportChangesQuery & { importId: string; userId: number }): Promise<ImportChangesPage> {
    const { importId, userId, kind, page, pageSize } = request;
    const owned = await this.dataSource.query<{ owner_user_id: number }[]>(
      `SELECT "owner_user_id" FROM "network"."import_commits" WHERE "import_id" = $1`,
      [importId],
    );
    if (owned[0]?.owner_user_id !== userId) throw notFound('Import not found');
    const counts = await this.dataSource.query<{ kind: ImportChangeKind; count: number; moved: number }[]>(
      `SELECT "kind", count(*)::int AS "count", count("after_band")::int AS "moved"
       FROM "network"."import_changes" WHERE "import_id" = $1 GROUP BY "kind"`,
      [importId],
    );
    const byKind = { new: 0, 'job-change': 0, 'strength-change': 0, absent: 0 };
    let people = 0;
    for (const row of counts) {
      people += row.count;
      if (row.kind !== 'strength-change') byKind[row.kind] = row.count;
      byKind['strength-change'] += row.moved;
    }
    const rows = await this.dataSource.query<ChangeRow[]>(
      `SELECT "kind", "connection_id"::text, "first_name", "last_name", "before_company", "before_position",
              "after_company", "after_position", "before_band", "after_band", "before_score", "after_score"
       FROM "network"."import_changes" WHERE "import_id" = $1 AND ${OF_KIND}
       ORDER BY ${KIND_ORDER}, lower("last_name"), lower("first_name"), "connection_id"
       LIMIT $3 OFFSET $4`,
      [importId, kind ?? null, pageSize, (page - 1) * pageSize],
    );
    const total = kind ? byKind[kind] : people;
    return { importId, counts: byKind, total, page, pageSize, changes: rows.map(toChange) };
  }
}

function toChange(row: ChangeRow): ImportChange {
  const moved =
    row.before_band && row.after_band && row.before_score !== null && row.after_score !== null
      ? {
          strength: {
            before: { band: row.before_band, score: row.before_score },
            after: { band: row.after_band, score: row.after_score },
          },
        }
      : {};
  return {
    kind: row.kind,
    connectionId: row.connection_id,
    firstName: row.first_name,
    lastName: row.last_name,
    before:
      row.kind === 'new' || row.kind === 'strength-change'
        ? null
        : { company: row.before_company, position: row.before_position },
    after: row.kind === 'absent' ? null : { company: row.after_company, position: row.after_position },
    ...moved,
  };
}
