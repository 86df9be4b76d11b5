import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workspaces and everything of one: deleting a workspace cascades to its members, invitations,
 * codes and join requests. User ids belong to the auth service (no foreign key across schemas).
 */
export class CreateTeams1764000000000 implements MigrationInterface {
  name = 'CreateTeams1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "teams"."workspaces" (
        "id" SERIAL PRIMARY KEY,
        "name" varchar(100) NOT NULL,
        "description" varchar(500),
        "created_by_id" int NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE "teams"."members" (
        "id" SERIAL PRIMARY KEY,
        "team_id" int NOT NULL REFERENCES "teams"."workspaces"("id") ON DELETE CASCADE,
        "user_id" int NOT NULL,
        "role" varchar(10) NOT NULL CHECK ("role" IN ('owner', 'admin', 'member')),
        "sharing" varchar(10) NOT NULL DEFAULT 'names'
          CHECK ("sharing" IN ('counts', 'names', 'profiles', 'emails')),
        "joined_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "members_team_user" UNIQUE ("team_id", "user_id")
      )`);
    await db.query(`CREATE INDEX "members_user" ON "teams"."members" ("user_id")`);
    await db.query(`
      CREATE TABLE "teams"."invitations" (
        "id" SERIAL PRIMARY KEY,
        "team_id" int NOT NULL REFERENCES "teams"."workspaces"("id") ON DELETE CASCADE,
        "token_hash" char(64) NOT NULL CONSTRAINT "invitations_token_hash" UNIQUE,
        "email" varchar(320) NOT NULL,
        "role" varchar(10) NOT NULL CHECK ("role" IN ('admin', 'member')),
        "invited_by_id" int NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "accepted_at" timestamptz,
        "accepted_by_id" int,
        "revoked_at" timestamptz,
        "mail_status" varchar(10) NOT NULL CHECK ("mail_status" IN ('queued', 'sent', 'retrying', 'disabled')),
        "mail_sent_at" timestamptz,
        "mail_attempts" int NOT NULL DEFAULT 0,
        "mail_last_error" varchar(500)
      )`);
    await db.query(`CREATE INDEX "invitations_team" ON "teams"."invitations" ("team_id")`);
    await db.query(`
      CREATE INDEX "invitations_mail_owed" ON "teams"."invitations" ("id")
      WHERE "mail_status" IN ('queued', 'retrying')`);
    await db.query(`
      CREATE TABLE "teams"."invitation_codes" (
        "id" SERIAL PRIMARY KEY,
        "team_id" int NOT NULL REFERENCES "teams"."workspaces"("id") ON DELETE CASCADE,
        "code" varchar(32) NOT NULL,
        "created_by_id" int NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz
      )`);
    // One active code per workspace, and an active code names one workspace.
    await db.query(`
      CREATE UNIQUE INDEX "invitation_codes_active_team" ON "teams"."invitation_codes" ("team_id")
      WHERE "revoked_at" IS NULL`);
    await db.query(`
      CREATE UNIQUE INDEX "invitation_codes_active_code" ON "teams"."invitation_codes" ("code")
      WHERE "revoked_at" IS NULL`);
    await db.query(`
      CREATE TABLE "teams"."join_requests" (
        "id" SERIAL PRIMARY KEY,
        "team_id" int NOT NULL REFERENCES "teams"."workspaces"("id") ON DELETE CASCADE,
        "user_id" int NOT NULL,
        "code" varchar(32) NOT NULL,
        "requestor_name" varchar(201) NOT NULL,
        "requestor_email" varchar(320) NOT NULL,
        "status" varchar(10) NOT NULL DEFAULT 'pending'
          CHECK ("status" IN ('pending', 'approved', 'rejected')),
        "requested_at" timestamptz NOT NULL DEFAULT now(),
        "decided_at" timestamptz,
        "decided_by_id" int
      )`);
    await db.query(`
      CREATE UNIQUE INDEX "join_requests_one_pending" ON "teams"."join_requests" ("team_id", "user_id")
      WHERE "status" = 'pending'`);
    await db.query(`CREATE INDEX "join_requests_user" ON "teams"."join_requests" ("user_id")`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['join_requests', 'invitation_codes', 'invitations', 'members', 'workspaces']) {
      await db.query(`DROP TABLE "teams"."${table}"`);
    }
  }
}
