import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each import changed (docs/import.md#what-changed-since-the-last-export): `import_changes`
 * lists, per re-import, the people it added, those whose company or position changed (before and
 * after), and those it no longer had (absent). People keep their last job change
 * (`previous_company`, `previous_position`, `job_changed_at`) and a flag while they are missing
 * from the owner's latest export (`absent_since`).
 */
export class ImportChanges1764000000004 implements MigrationInterface {
  name = 'ImportChanges1764000000004';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "network"."import_changes" (
        "import_id" uuid NOT NULL,
        "owner_user_id" int NOT NULL,
        "connection_id" bigint NOT NULL,
        "kind" varchar(16) NOT NULL,
        "first_name" varchar(100) NOT NULL,
        "last_name" varchar(100) NOT NULL,
        "before_company" varchar(200),
        "before_position" varchar(300),
        "after_company" varchar(200),
        "after_position" varchar(300),
        PRIMARY KEY ("import_id", "connection_id")
      )`);
    await db.query(`
      ALTER TABLE "network"."connections"
        ADD COLUMN "absent_since" timestamptz,
        ADD COLUMN "previous_company" varchar(200),
        ADD COLUMN "previous_position" varchar(300),
        ADD COLUMN "job_changed_at" timestamptz`);
    await db.query(`
      ALTER TABLE "network"."import_commits"
        ADD COLUMN "job_changes" int NOT NULL DEFAULT 0,
        ADD COLUMN "absent" int NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "network"."import_commits" DROP COLUMN "job_changes", DROP COLUMN "absent"`);
    await db.query(`
      ALTER TABLE "network"."connections" DROP COLUMN "absent_since", DROP COLUMN "previous_company",
        DROP COLUMN "previous_position", DROP COLUMN "job_changed_at"`);
    await db.query(`DROP TABLE "network"."import_changes"`);
  }
}
