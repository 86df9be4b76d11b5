import { Injectable } from '@nestjs/common';
import type { CommitImportReply } from '@warmpath/contracts';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { JOB_CHANGED_SQL, recordImportChanges } from './import-changes.repository.js';
import { bumpNetworkVersion, inTransaction, lockOwnerNetwork, withClient } from './pg-client.js';

export interface CommitRequest {
  importId: string;
  userId: number;
  attempt: number;
}

// Columns an import writes. Notes and has_worked_with belong to the user and are never touched.
export const PERSON_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'linkedin_url',
  'company',
  'company_key',
  'position',
  'industry',
  'location',
  'connected_on',
  'category',
  'seniority',
];
const quoted = PERSON_COLUMNS.map((column) => `"${column}"`);

/**
 * The attempt's rows, one per person (the last line of a person wins), each with the stored person it
 * matches. A newer export replaces names, company and position (people move on; an empty company
 * means no current position), while a value the export leaves empty (e-mail, date, industry,
 * location) keeps what is stored: LinkedIn drops e-mails as people change their privacy settings.
 */
const BUILD_MERGED = `
  CREATE TEMP TABLE "merged" ON COMMIT DROP AS
  SELECT s."match_key", s."first_name", s."last_name",
         COALESCE(s."email", c."email") AS "email", COALESCE(s."linkedin_url", c."linkedin_url") AS "linkedin_url",
         s."company", s."company_key", s."position",
         COALESCE(s."industry", c."industry") AS "industry", COALESCE(s."location", c."location") AS "location",
         COALESCE(s."connected_on", c."connected_on") AS "connected_on", s."category", s."seniority",
         c."id" AS "existing_id", c."company_key" AS "old_company_key",
         c."company" AS "old_company", c."position" AS "old_position", ${JOB_CHANGED_SQL} AS "job_changed",
         (c."id" IS NOT NULL AND (${quoted.map((q) => `c.${q}`).join(', ')}) IS DISTINCT FROM
           (s."first_name", s."last_name", COALESCE(s."email", c."email"), COALESCE(s."linkedin_url", c."linkedin_url"),
            s."company", s."company_key", s."position", COALESCE(s."industry", c."industry"),
            COALESCE(s."location", c."location"), COALESCE(s."connected_on", c."connected_on"), s."category", s."seniority")
         ) AS "changed"
  FROM (SELECT DISTINCT ON ("match_key") * FROM "network"."import_staging"
        WHERE "import_id" = $1 AND "attempt" = $3 ORDER BY "match_key", "line" DESC) s
  LEFT JOIN "network"."connections" c ON c."owner_user_id" = $2 AND c."match_key" = s."match_key"`;

/**
 * A person first imported from an export without profile URLs is matched by name + company; when a
 * later export has their URL, the stored row takes the URL key so the two become one person.
 */
const ADOPT_URL_KEYS = `
  UPDATE "network"."connections" c SET "match_key" = a."match_key"
  FROM (SELECT DISTINCT ON ("name_key") "name_key", "match_key" FROM (
          SELECT DISTINCT ON ("match_key") "match_key", "name_key", "line" FROM "network"."import_staging"
          WHERE "import_id" = $1 AND "attempt" = $3 ORDER BY "match_key", "line" DESC) d
        WHERE "match_key" <> "name_key" ORDER BY "name_key", "line" DESC) a
  WHERE c."owner_user_id" = $2 AND c."match_key" = a."name_key" AND c."linkedin_url" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "network"."connections" x WHERE x."owner_user_id" = $2 AND x."match_key" = a."match_key")`;

/**
 * A first import (the owner has no people yet, and the owner's lock keeps it so): every row is new,
 * so the rows go straight in, without matching, one per person (the last line wins). A plain insert
 * of distinct keys in key order, not ON CONFLICT DO NOTHING: that writes more WAL (speculative
 * insertion) and inserts the unique index's keys in random order. "C" keeps the sort a byte compare.
 */
const INSERT_FIRST_IMPORT = `
  WITH "inserted" AS (
    INSERT INTO "network"."connections" ("owner_user_id", "match_key", ${quoted.join(', ')})
    SELECT DISTINCT ON ("match_key" COLLATE "C") $2::int, "match_key", ${quoted.join(', ')} FROM "network"."import_staging"
    WHERE "import_id" = $1 AND "attempt" = $3 ORDER BY "match_key" COLLATE "C", "line" DESC
    RETURNING "company_key")
  SELECT count(*)::int AS "inserted", 0 AS "updated", 0 AS "unchanged", 0 AS "jobChanges", 0 AS "absent",
         COALESCE(array_agg(DISTINCT "company_key") FILTER (WHERE "company_key" IS NOT NULL), '{}') AS "touched"
  FROM "inserted"`;

const INSERT_NEW = `
  INSERT INTO "network"."connections" ("owner_user_id", "match_key", ${quoted.join(', ')})
  SELECT $1, "match_key", ${quoted.join(', ')} FROM "merged" WHERE "existing_id" IS NULL`;

const UPDATE_CHANGED = `
  UPDATE "network"."connections" c SET ${quoted.map((q) => `${q} = m.${q}`).join(', ')}, "updated_at" = now()
  FROM "merged" m WHERE c."id" = m."existing_id" AND m."changed"`;

// A person who moved out of a company changes that company's links too.
const SUMMARISE = `
  SELECT count(*) FILTER (WHERE "existing_id" IS NULL)::int AS "inserted",
         count(*) FILTER (WHERE "changed")::int AS "updated",
         count(*) FILTER (WHERE "existing_id" IS NOT NULL AND NOT "changed")::int AS "unchanged",
         COALESCE((SELECT array_agg(DISTINCT k) FROM (
           SELECT "company_key" AS k FROM "merged" WHERE "existing_id" IS NULL OR "changed"
           UNION SELECT "old_company_key" FROM "merged" WHERE "changed") t WHERE k IS NOT NULL), '{}') AS "touched"
  FROM "merged"`;

interface Summary {
  inserted: number;
  updated: number;
  unchanged: number;
  jobChanges: number;
  absent: number;
  /** People flagged absent before and back in this export (a write, not counted as an update). */
  returned?: number;
  touched: string[];
  /** Where the merge spent its time (ms), for the logs. */
  timings?: Record<string, number>;
}

export type CommitResult = CommitImportReply & { timings?: Record<string, number> };

/** Merges an import's staged rows into the owner's connections: one transaction, idempotent per import. */
@Injectable()
export class ImportMergeRepository {
  constructor(private readonly dataSource: DataSource) {}

  commit(request: CommitRequest): Promise<CommitResult> {
    return withClient(this.dataSource, (client) =>
      inTransaction(client, async () => {
        await lockOwnerNetwork(client, request.userId);
        const claimed = await client.query(
          `INSERT INTO "network"."import_commits" ("import_id", "owner_user_id", "attempt") VALUES ($1, $2, $3)
           ON CONFLICT ("import_id") DO NOTHING`,
          [request.importId, request.userId, request.attempt],
        );
        if (!claimed.rowCount) return this.previousCommit(client, request.importId);
        const summary = await this.merge(client, request);
        await client.query(
          `UPDATE "network"."import_commits" SET "inserted" = $2, "updated" = $3, "unchanged" = $4, "touched_companies" = $5,
             "job_changes" = $6, "absent" = $7
           WHERE "import_id" = $1`,
          [
            request.importId,
            summary.inserted,
            summary.updated,
            summary.unchanged,
            summary.touched,
            summary.jobChanges,
            summary.absent,
          ],
        );
        // The absent flag is part of the network as GET /api/network shows it.
        if (summary.inserted + summary.updated + summary.absent + (summary.returned ?? 0) > 0)
          await bumpNetworkVersion(client, request.userId);
        await client.query('DELETE FROM "network"."import_staging" WHERE "import_id" = $1', [
          request.importId,
        ]);
        const { touched, returned: _returned, ...counts } = summary;
        return { ...counts, touchedCompanies: touched.length, alreadyCommitted: false };
      }),
    );
  }

  private async merge(client: pg.PoolClient, { importId, userId, attempt }: CommitRequest): Promise<Summary> {
    const params = [importId, userId, attempt];
    const timer = stepTimer();
    const stored = await client.query<{ has_people: boolean; url_less: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM "network"."connections" WHERE "owner_user_id" = $1) AS "has_people",
              EXISTS (SELECT 1 FROM "network"."connections" WHERE "owner_user_id" = $1 AND "linkedin_url" IS NULL) AS "url_less"`,
      [userId],
    );
    if (!stored.rows[0]?.has_people) {
      const first = await client.query<Omit<Summary, 'timings'>>(INSERT_FIRST_IMPORT, params);
      timer.lap('insertMs');
      return { ...(first.rows[0] as Omit<Summary, 'timings'>), timings: timer.laps };
    }
    // Only owners with people imported without a URL can have keys to adopt.
    if (stored.rows[0]?.url_less) await client.query(ADOPT_URL_KEYS, params);
    timer.lap('adoptMs');
    await client.query(BUILD_MERGED, params);
    // Recording the absent people probes this table once per stored person (NOT EXISTS). Without an
    // index or statistics (a temporary table has none until analysed), and with the owner's rows
    // not yet analysed after a first import, the planner chose a nested loop of sequential scans:
    // 30,000 x 30,000 rows, minutes on a busy machine. Indexed, any plan is a lookup per person.
    await client.query('CREATE INDEX ON "merged" ("match_key")');
    await client.query('ANALYZE "merged"');
    timer.lap('matchMs');
    await client.query(INSERT_NEW, [userId]);
    timer.lap('insertMs');
    await client.query(UPDATE_CHANGED);
    timer.lap('updateMs');
    const changes = await recordImportChanges(client, importId, userId);
    timer.lap('changesMs');
    const result =
      await client.query<Pick<Summary, 'inserted' | 'updated' | 'unchanged' | 'touched'>>(SUMMARISE);
    timer.lap('summariseMs');
    const summary = result.rows[0] ?? { inserted: 0, updated: 0, unchanged: 0, touched: [] };
    return { ...summary, ...changes, timings: timer.laps };
  }

  private async previousCommit(client: pg.PoolClient, importId: string): Promise<CommitImportReply> {
    const result = await client.query<{
      inserted: number;
      updated: number;
      unchanged: number;
      job_changes: number;
      absent: number;
      touched: number;
    }>(
      `SELECT "inserted", "updated", "unchanged", "job_changes", "absent", cardinality("touched_companies") AS "touched"
       FROM "network"."import_commits" WHERE "import_id" = $1`,
      [importId],
    );
    const row = result.rows[0] ?? {
      inserted: 0,
      updated: 0,
      unchanged: 0,
      job_changes: 0,
      absent: 0,
      touched: 0,
    };
    return {
      inserted: row.inserted,
      updated: row.updated,
      unchanged: row.unchanged,
      jobChanges: row.job_changes,
      absent: row.absent,
      touchedCompanies: row.touched,
      alreadyCommitted: true,
    };
  }
}

/** Milliseconds per step, for the logs. */
function stepTimer(): { laps: Record<string, number>; lap(name: string): void } {
  let last = Date.now();
  const laps: Record<string, number> = {};
  return {
    laps,
    lap(name) {
      const now = Date.now();
      laps[name] = now - last;
      last = now;
    },
  };
}
