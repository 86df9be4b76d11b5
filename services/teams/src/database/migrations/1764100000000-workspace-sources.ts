import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded exports of a workspace (docs/workspace-sources.md): a source is pooled like a member's
 * network; its people live in the network service under the owner id `-id`. A bulk is one upload
 * request of several files, each file the import of one source. All go with their workspace.
 */
export class WorkspaceSources1764100000000 implements MigrationInterface {
  name = 'WorkspaceSources1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "teams"."sources" (
        "id" SERIAL PRIMARY KEY,
        "team_id" int NOT NULL REFERENCES "teams"."workspaces"("id") ON DELETE CASCADE,
        "name" varchar(100) NOT NULL,
        "name_key" varchar(100) NOT NULL,
        "email" varchar(254),
        "uploaded_by_id" int NOT NULL,
        "latest_import_id" uuid,
        "latest_file_name" varchar(255),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "sources_team_name" UNIQUE ("team_id", "name_key")
      )`);
    await db.query(`
      CREATE TABLE "teams"."bulk_imports" (
        "id" uuid PRIMARY KEY,
        "team_id" int NOT NULL REFERENCES "teams"."workspaces"("id") ON DELETE CASCADE,
        "created_by_id" int NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE "teams"."bulk_files" (
        "bulk_id" uuid NOT NULL REFERENCES "teams"."bulk_imports"("id") ON DELETE CASCADE,
        "position" int NOT NULL,
        "file_name" varchar(255) NOT NULL,
        "source_name" varchar(255) NOT NULL,
        "source_id" int,
        "import_id" uuid,
        "error_code" varchar(40),
        "error_message" text,
        PRIMARY KEY ("bulk_id", "position")
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "teams"."bulk_files"`);
    await db.query(`DROP TABLE "teams"."bulk_imports"`);
    await db.query(`DROP TABLE "teams"."sources"`);
  }
}
