import { Injectable } from '@nestjs/common';
import type { ArchiveSignalsView, ImportSignalsReply, ImportSignalsRequest } from '@warmpath/contracts';
import { DataSource } from 'typeorm';

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

/** People matched by profile URL (their match key), written whole. */
const WRITE_PEOPLE = `
  WITH "input" AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS x("url" text, ${recordType})),
  "matched" AS (
    SELECT c."id" AS "connection_id", i.* FROM "input" i
    JOIN "network"."connections" c ON c."owner_user_id" = $2 AND c."match_key" = 'url:' || i."url"),
  "written" AS (
    INSERT INTO "network"."connection_signals" ("owner_user_id", "connection_id", "import_id", ${columns})
    SELECT $2, "connection_id", $1, ${columns} FROM "matched"
    ON CONFLICT ("owner_user_id", "connection_id") DO UPDATE SET "import_id" = EXCLUDED."import_id",
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
    ON CONFLICT ("owner_user_id", "connection_id") DO UPDATE SET "import_id" = EXCLUDED."import_id",
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
      const reply: ImportSignalsReply = { matched: 0, ignoredPeople: 0, ignoredMessages: 0 };
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
        await manager.query(DROP_OLDER, [importId, userId]);
        await manager.query(BUMP_VERSION, [userId]);
      }
      return reply;
    });
  }
}

function toColumns(signals: ArchiveSignalsView): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, column] of SIGNAL_COLUMNS) row[column] = signals[field];
  return row;
}

export { SIGNAL_COLUMNS };
