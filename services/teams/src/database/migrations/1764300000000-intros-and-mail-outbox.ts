import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Introduction requests (docs/intros.md) with their timeline and read marks, and the mail outbox
 * that invitation and intro mails share: one row per mail owed, keyed so a mail is never owed
 * twice, with the Message-ID of each attempt recorded before it is sent. Invitations gain the
 * final `failed` mail state. Expand only: the previous release keeps working on this schema.
 */
export class IntrosAndMailOutbox1764300000000 implements MigrationInterface {
  name = 'IntrosAndMailOutbox1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE "teams"."invitations" DROP CONSTRAINT IF EXISTS "invitations_mail_status_check"`,
    );
    await db.query(`
      ALTER TABLE "teams"."invitations" ADD CONSTRAINT "invitations_mail_status_check"
        CHECK ("mail_status" IN ('queued', 'sent', 'retrying', 'failed', 'disabled'))`);
    await db.query(`
      CREATE TABLE "teams"."intro_requests" (
        "id" SERIAL PRIMARY KEY,
        "team_id" int NOT NULL REFERENCES "teams"."workspaces"("id") ON DELETE CASCADE,
        "requester_id" int NOT NULL,
        "connector_id" int NOT NULL,
        "connector_sharing" varchar(10) NOT NULL,
        "connector_revealed" boolean NOT NULL DEFAULT false,
        "target_key" varchar(600) NOT NULL,
        "target_node_id" varchar(40) NOT NULL,
        "target_name" varchar(300) NOT NULL,
        "target_company" varchar(300),
        "target_position" varchar(300),
        "connector_connection_id" varchar(40) NOT NULL,
        "connector_target_name" varchar(300) NOT NULL,
        "connector_target_company" varchar(300),
        "connector_target_position" varchar(300),
        "reason" varchar(1000) NOT NULL,
        "draft" text,
        "state" varchar(20) NOT NULL,
        "decline_reason" varchar(20),
        "decline_text" varchar(500),
        "created_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL,
        "answered_at" timestamptz,
        "reminded_at" timestamptz
      )`);
    // One open request per requester and person in a workspace (docs/intros.md, "Rules").
    await db.query(`
      CREATE UNIQUE INDEX "intro_requests_one_open" ON "teams"."intro_requests" ("team_id", "requester_id", "target_key")
      WHERE "state" IN ('requested', 'asking_target', 'accepted')`);
    await db.query(
      `CREATE INDEX "intro_requests_requester" ON "teams"."intro_requests" ("requester_id", "created_at")`,
    );
    await db.query(`CREATE INDEX "intro_requests_connector" ON "teams"."intro_requests" ("connector_id")`);
    await db.query(`
      CREATE INDEX "intro_requests_unanswered" ON "teams"."intro_requests" ("created_at")
      WHERE "state" = 'requested'`);
    await db.query(`
      CREATE TABLE "teams"."intro_events" (
        "id" SERIAL PRIMARY KEY,
        "intro_id" int NOT NULL REFERENCES "teams"."intro_requests"("id") ON DELETE CASCADE,
        "state" varchar(20) NOT NULL,
        "actor" varchar(10) NOT NULL,
        "actor_id" int,
        "note" varchar(600),
        "at" timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX "intro_events_intro" ON "teams"."intro_events" ("intro_id", "id")`);
    await db.query(`
      CREATE TABLE "teams"."intro_reads" (
        "intro_id" int NOT NULL REFERENCES "teams"."intro_requests"("id") ON DELETE CASCADE,
        "user_id" int NOT NULL,
        "read_at" timestamptz NOT NULL,
        PRIMARY KEY ("intro_id", "user_id")
      )`);
    await db.query(`
      CREATE TABLE "teams"."mail_outbox" (
        "id" SERIAL PRIMARY KEY,
        "key" varchar(200) NOT NULL CONSTRAINT "mail_outbox_key" UNIQUE,
        "team_id" int NOT NULL REFERENCES "teams"."workspaces"("id") ON DELETE CASCADE,
        "invitation_id" int REFERENCES "teams"."invitations"("id") ON DELETE CASCADE,
        "intro_id" int REFERENCES "teams"."intro_requests"("id") ON DELETE CASCADE,
        "intro_event_id" int REFERENCES "teams"."intro_events"("id") ON DELETE CASCADE,
        "recipient" varchar(320) NOT NULL,
        "subject" varchar(500) NOT NULL,
        "text_body" text,
        "html_body" text,
        "status" varchar(10) NOT NULL CHECK ("status" IN ('queued', 'retrying', 'sent', 'failed', 'disabled')),
        "attempts" int NOT NULL DEFAULT 0,
        "message_id" varchar(255),
        "sending_since" timestamptz,
        "not_after" timestamptz,
        "sent_at" timestamptz,
        "last_error" varchar(500),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE INDEX "mail_outbox_owed" ON "teams"."mail_outbox" ("id") WHERE "status" IN ('queued', 'retrying')`);
    await db.query(`CREATE INDEX "mail_outbox_invitation" ON "teams"."mail_outbox" ("invitation_id")`);
    await db.query(`CREATE INDEX "mail_outbox_intro" ON "teams"."mail_outbox" ("intro_id")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "teams"."mail_outbox"`);
    await db.query(`DROP TABLE "teams"."intro_reads"`);
    await db.query(`DROP TABLE "teams"."intro_events"`);
    await db.query(`DROP TABLE "teams"."intro_requests"`);
  }
}
