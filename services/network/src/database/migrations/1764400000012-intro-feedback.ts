import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What introduction requests taught a workspace about its members' ties (docs/warmth.md,
 * "Feedback from introductions"): a connector declined as not close enough, or introduced.
 * One row per request and kind, so an event delivered twice (live and by the catch-up) is one row.
 */
export class IntroFeedback1764400000012 implements MigrationInterface {
  name = 'IntroFeedback1764400000012';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "network"."intro_feedback" (
        "intro_id" int NOT NULL,
        "kind" varchar(20) NOT NULL CHECK ("kind" IN ('not_close_enough', 'introduced')),
        "team_id" int NOT NULL,
        "connector_user_id" int NOT NULL,
        "person_key" varchar(600) NOT NULL,
        "connector_connection_id" varchar(40) NOT NULL,
        "at" timestamptz NOT NULL,
        "teams_event_id" int,
        "recorded_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("intro_id", "kind")
      )`);
    await db.query(`CREATE INDEX "intro_feedback_team" ON "network"."intro_feedback" ("team_id")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "network"."intro_feedback"`);
  }
}
