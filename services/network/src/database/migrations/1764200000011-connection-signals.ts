import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a member's LinkedIn archive says of each connection (docs/warmth.md): counts and dates of
 * messages, invitations, endorsements and recommendations. No text column: message content,
 * subjects and invitation notes are never stored. Rows of a person removed from the network stay
 * until the removal is final, so an undo brings them back whole.
 */
export class ConnectionSignals1764200000011 implements MigrationInterface {
  name = 'ConnectionSignals1764200000011';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "network"."connection_signals" (
        "owner_user_id" int NOT NULL,
        "connection_id" bigint NOT NULL,
        "import_id" uuid NOT NULL,
        "messages_sent" int NOT NULL DEFAULT 0,
        "messages_received" int NOT NULL DEFAULT 0,
        "group_messages" int NOT NULL DEFAULT 0,
        "direct_conversations" int NOT NULL DEFAULT 0,
        "group_conversations" int NOT NULL DEFAULT 0,
        "first_message_on" date,
        "last_message_on" date,
        "last_message_answered" boolean,
        "invited_by" varchar(6) CHECK ("invited_by" IN ('member', 'person')),
        "invitation_with_note" boolean NOT NULL DEFAULT false,
        "invited_on" date,
        "endorsements_given" int NOT NULL DEFAULT 0,
        "endorsements_received" int NOT NULL DEFAULT 0,
        "recommendations_given" int NOT NULL DEFAULT 0,
        "recommendations_received" int NOT NULL DEFAULT 0,
        "recommendation_given_on" date,
        "recommendation_received_on" date,
        PRIMARY KEY ("owner_user_id", "connection_id")
      )`);
    await db.query(
      `CREATE INDEX "connection_signals_owner_import" ON "network"."connection_signals" ("owner_user_id", "import_id")`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "network"."connection_signals"`);
  }
}
