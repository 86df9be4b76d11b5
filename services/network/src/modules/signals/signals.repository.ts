import { Injectable } from '@nestjs/common';
import type { ArchiveSignalsView, ImportSignalsReply, ImportSignalsRequest } from '@warmpath/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { strengthMoves, type SignalsBeforeAfter } from './strength-moves.js';

/** The signal columns of network.connection_signals, with their SQL types, in the contract's terms. */
const SIGNAL_COLUMNS = [
  ['messagesSent', 'messages_sent', 'int'],
  ['messagesReceived', 'messages_received', 'int'],
  ['groupMessages', 'group_messages', 'int'],
  ['directConversations', 'direct_conversations', 'int'],
  ['groupConversations', 'group_conversations', 'int'],
  ['firstMessageOn', 'first_message_on', 'date'],
  ['lastMessageOn', 'last_message_on', 'date'],
  ['lastMessageAnswered', 'last_message_answered', 'boolean'],
  ['invitedBy', 'invited_by', 'text'],
  ['invitationWithNote', 'invitation_with_note', 'boolean'],
  ['invitedOn', 'invited_on', 'date'],
  ['endorsementsGiven', 'endorsements_given', 'int'],
  ['endorsementsReceived', 'endorsements_received', 'int'],
  ['recommendationsGiven', 'recommendations_given', 'int'],
  ['recommendationsReceived', 'recommendations_received', 'int'],
  ['recommendationGivenOn', 'recommendation_given_on', 'date'],
  ['recommendationReceivedOn', 'recommendation_received_on', 'date'],
] as const satisfies readonly (readonly [keyof ArchiveSignalsView, string, string])[];

const RECOMMENDATION_COLUMNS = new Set([
  'recommendations_given',
  'recommendations_received',
  'recommendation_given_on',
  'recommendation_received_on',
]);
const DEFAULTS: Record<string, string> = { int: '0', boolean: 'NULL', date: 'NULL', text: 'NULL' };

const columns = SIGNAL_COLUMNS.map(([, column]) => `"${column}"`).join(', ');
const recordType = SIGNAL_COLUMNS.map(([, column, type]) => `"${column}" ${type}`).join(', ');

/** A row's signals in the contract's terms (dates as yyyy-mm-dd), as jsonb: equal signals, equal values. */
const signalsJson = (table: string) =>
  `jsonb_build_object(${SIGNAL_COLUMNS.map(
    ([field, column, type]) => `'${field}', ${table}."${column}"${type === 'date' ? '::text' : ''}`,
  ).join(', ')})`;

/**
 * What a row held before the running import first wrote it: kept for its last batch to tell the
 * strength before (docs/import.md#strength-changes). A later batch of the same import keeps it.
 */
const KEEP_REPLACED = `"replaced_signals" = CASE WHEN "connection_signals"."import_id" = EXCLUDED."import_id"
  THEN "connection_signals"."replaced_signals" ELSE ${signalsJson('"connection_signals"')} END`;

/** People matched by profile URL (their match key), written whole. */
const WRITE_PEOPLE = `
  WITH "input" AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS x("url" text, ${recordType})),
  "matched" AS (
    SELECT c."id" AS "connection_id", i.* FROM "input" i
    JOIN "network"."connections" c ON c."owner_user_id" = $2 AND c."match_key" = 'url:' || i."url"),
  "written" AS (
    INSERT INTO "network"."connection_signals" ("owner_user_id", "connection_id", "import_id", ${columns})
    SELECT $2, "connection_id", $1, ${columns} FROM "matched"
    ON CONFLICT ("owner_user_id", "connection_id") DO UPDATE SET ${KEEP_REPLACED}, "import_id" = EXCLUDED."import_id",
      ${SIGNAL_COLUMNS.map(([, column]) => `"${column}" = EXCLUDED."${column}"`).join(', ')}
    RETURNING 1),
  "ignored" AS (
    SELECT i.* FROM "input" i WHERE NOT EXISTS (SELECT 1 FROM "matched" m WHERE m."url" = i."url"))
  SELECT (SELECT count(*) FROM "written")::int AS "matched",
    (SELECT count(*) FROM "ignored")::int AS "ignoredPeople",
    (SELECT coalesce(sum("messages_sent" + "messages_received"), 0) FROM "ignored")::int AS "ignoredMessages"`;

/**
 * Recommendations, matched by name to the one connection of that name (two people of one name:
 * neither). Written after the people of the same import, so a row this import already wrote keeps
 * its other signals, and one of an earlier import loses them.
 */
const WRITE_RECOMMENDATIONS = `
  WITH "input" AS (SELECT * FROM jsonb_to_recordset($3::jsonb)
    AS x("name" text, "recommendations_given" int, "recommendations_received" int,
      "recommendation_given_on" date, "recommendation_received_on" date)),
  "named" AS (
    SELECT i."name", min(c."id") AS "connection_id" FROM "input" i
    JOIN "network"."connections" c ON c."owner_user_id" = $2
      AND lower(regexp_replace(btrim(c."first_name" || ' ' || c."last_name"), '\\s+', ' ', 'g')) = i."name"
    GROUP BY i."name" HAVING count(*) = 1),
  "written" AS (
    INSERT INTO "network"."connection_signals" ("owner_user_id", "connection_id", "import_id",
      "recommendations_given", "recommendations_received", "recommendation_given_on", "recommendation_received_on")
    SELECT $2, n."connection_id", $1, i."recommendations_given", i."recommendations_received",
      i."recommendation_given_on", i."recommendation_received_on"
    FROM "named" n JOIN "input" i USING ("name")
    ON CONFLICT ("owner_user_id", "connection_id") DO UPDATE SET ${KEEP_REPLACED}, "import_id" = EXCLUDED."import_id",
      ${SIGNAL_COLUMNS.map(([, column, type]) =>
        RECOMMENDATION_COLUMNS.has(column)
          ? `"${column}" = EXCLUDED."${column}"`
          : `"${column}" = CASE WHEN "connection_signals"."import_id" = EXCLUDED."import_id"
              THEN "connection_signals"."${column}" ELSE ${DEFAULTS[type]} END`,
      ).join(', ')}
    RETURNING 1)
  SELECT (SELECT count(*) FROM "written")::int AS "matched",
    (SELECT count(*) FROM "input" i WHERE NOT EXISTS (SELECT 1 FROM "named" n WHERE n."name" = i."name"))::int
      AS "ignoredPeople"`;

/**
 * Every tie whose signals this import may have changed, before and after: the rows it wrote (before:
 * what they replaced, null for a person the older archive did not mention) and the rows of earlier
 * imports about to go (after: nothing). Rows the import rewrote with the same signals are left in
 * the database: the same signals give the same band. Materialized first, so the few rows left are
 * hash-joined to their people whatever the statistics say (a nested loop over 30,000 fresh rows
 * took twice as long).
 */
const SIGNALS_BEFORE_AFTER = `
  WITH "changed" AS MATERIALIZED (
    SELECT s."connection_id",
      CASE WHEN s."import_id" = $1 THEN s."replaced_signals" ELSE ${signalsJson('s')} END AS "before",
      CASE WHEN s."import_id" = $1 THEN ${signalsJson('s')} END AS "after"
    FROM "network"."connection_signals" s WHERE s."owner_user_id" = $2)
  SELECT x."connection_id"::text AS "connectionId", c."connected_on"::text AS "connectedOn",
    c."has_worked_with" AS "hasWorkedWith", x."before", x."after"
  FROM "changed" x JOIN "network"."connections" c ON c."id" = x."connection_id" AND c."owner_user_id" = $2
  WHERE x."before" IS DISTINCT FROM x."after"`;

/** The owner's ties were scored before this import: an earlier archive left signals. */
const SCORED_BEFORE = `SELECT EXISTS (SELECT 1 FROM "network"."connection_signals" WHERE "owner_user_id" = $2
  AND ("import_id" <> $1 OR "replaced_signals" IS NOT NULL)) AS "scored"`;

/**
 * One row per person and import: a person whose job changed too keeps the row of their job change,
 * with the bands added; a person new in this export has no strength before, so no move.
 */
const RECORD_STRENGTH_MOVES = `
  INSERT INTO "network"."import_changes" ("import_id", "owner_user_id", "connection_id", "kind", "first_name",
    "last_name", "after_company", "after_position", "before_band", "after_band", "before_score", "after_score")
  SELECT $1, $2, c."id", 'strength-change', c."first_name", c."last_name", c."company", c."position",
    x."before_band", x."after_band", x."before_score", x."after_score"
  FROM jsonb_to_recordset($3::jsonb) AS x("connection_id" bigint, "before_band" text, "after_band" text,
    "before_score" int, "after_score" int)
  JOIN "network"."connections" c ON c."id" = x."connection_id" AND c."owner_user_id" = $2
  ON CONFLICT ("import_id", "connection_id") DO UPDATE SET "before_band" = EXCLUDED."before_band",
    "after_band" = EXCLUDED."after_band", "before_score" = EXCLUDED."before_score",
    "after_score" = EXCLUDED."after_score"
  WHERE "import_changes"."kind" <> 'new'
  RETURNING 1`;

/** A newer archive replaces an older one: what earlier imports wrote goes. */
const DROP_OLDER = `DELETE FROM "network"."connection_signals" WHERE "owner_user_id" = $2 AND "import_id" <> $1`;

/**
 * The network changed even when its people did not (a re-import of the same connections with
 * newer messages): loaded networks and snapshots are keyed by this version.
 */
const BUMP_VERSION = `INSERT INTO "network"."network_versions" AS v ("owner_user_id", "version") VALUES ($1, 1)
  ON CONFLICT ("owner_user_id") DO UPDATE SET "version" = v."version" + 1`;

/** Writes an import's relationship signals (docs/warmth.md, "What is stored"). */
@Injectable()
export class SignalsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async write(request: ImportSignalsRequest): Promise<ImportSignalsReply> {
    const { importId, userId } = request;
    return this.dataSource.transaction(async (manager) => {
      const reply: ImportSignalsReply = {
        matched: 0,
        ignoredPeople: 0,
        ignoredMessages: 0,
        strengthChanges: 0,
      };
      if (request.people.length > 0) {
        const rows = request.people.map(({ url, signals }) => ({ url, ...toColumns(signals) }));
        const [people] = (await manager.query(WRITE_PEOPLE, [
          importId,
          userId,
          JSON.stringify(rows),
        ])) as ImportSignalsReply[];
        Object.assign(reply, people);
      }
      if (request.recommendations.length > 0) {
        const rows = request.recommendations.map(({ name, signals }) => ({
          name,
          recommendations_given: signals.given,
          recommendations_received: signals.received,
          recommendation_given_on: signals.givenOn,
          recommendation_received_on: signals.receivedOn,
        }));
        const [named] = (await manager.query(WRITE_RECOMMENDATIONS, [
          importId,
          userId,
          JSON.stringify(rows),
        ])) as {
          matched: number;
          ignoredPeople: number;
        }[];
        reply.matched += named?.matched ?? 0;
        reply.ignoredPeople += named?.ignoredPeople ?? 0;
      }
      if (request.final) {
        reply.strengthChanges = await recordStrengthMoves(manager, importId, userId, new Date());
        await manager.query(DROP_OLDER, [importId, userId]);
        await manager.query(BUMP_VERSION, [userId]);
      }
      return reply;
    });
  }
}

/**
 * Records the ties whose strength band this import's signals moved (docs/import.md#strength-changes),
 * in the transaction of its last batch, before the older archive's rows go: one read of the owner's
 * changed rows, the model in TypeScript, one insert. A first archive moves nothing: there was no
 * strength before it.
 */
async function recordStrengthMoves(
  manager: EntityManager,
  importId: string,
  userId: number,
  now: Date,
): Promise<number> {
  const [before] = (await manager.query(SCORED_BEFORE, [importId, userId])) as { scored: boolean }[];
  if (!before?.scored) return 0;
  const rows = (await manager.query(SIGNALS_BEFORE_AFTER, [importId, userId])) as SignalsBeforeAfter[];
  const moves = strengthMoves(rows, now).map(({ connectionId, before, after }) => ({
    connection_id: connectionId,
    before_band: before.band,
    after_band: after.band,
    before_score: before.score,
    after_score: after.score,
  }));
  if (moves.length === 0) return 0;
  const recorded = (await manager.query(RECORD_STRENGTH_MOVES, [
    importId,
    userId,
    JSON.stringify(moves),
  ])) as unknown[];
  return recorded.length;
}

function toColumns(signals: ArchiveSignalsView): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, column] of SIGNAL_COLUMNS) row[column] = signals[field];
  return row;
}

export { SIGNAL_COLUMNS };
