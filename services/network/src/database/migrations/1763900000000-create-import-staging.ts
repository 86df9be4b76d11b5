import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The import write path (docs/import.md). Rows are COPYed into an UNLOGGED staging table (no WAL: it is
 * rebuilt by a retry anyway) per (import, attempt) and merged in one transaction, so a failed or
 * killed import never leaves half a file in `connections`. `import_commits` makes the merge and
 * the relinking idempotent per import id.
 */
export class CreateImportStaging1763900000000 implements MigrationInterface {
  name = 'CreateImportStaging1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE UNLOGGED TABLE "network"."import_staging" (
        "import_id" uuid NOT NULL,
        "attempt" int NOT NULL,
        "line" int NOT NULL,
        "match_key" varchar(700) NOT NULL,
        "name_key" varchar(700) NOT NULL,
        "first_name" varchar(100) NOT NULL,
        "last_name" varchar(100) NOT NULL,
        "email" varchar(320),
        "linkedin_url" varchar(500),
        "company" varchar(200),
        "company_key" varchar(200),
        "position" varchar(300),
        "connected_on" date,
        "industry" varchar(200),
        "location" varchar(200),
        "category" varchar(20) NOT NULL,
        "seniority" smallint NOT NULL,
        "staged_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX "import_staging_import" ON "network"."import_staging" ("import_id", "attempt")`,
    );
    await db.query(`
      CREATE TABLE "network"."import_commits" (
        "import_id" uuid PRIMARY KEY,
        "owner_user_id" int NOT NULL,
        "attempt" int NOT NULL,
        "inserted" int NOT NULL DEFAULT 0,
        "updated" int NOT NULL DEFAULT 0,
        "unchanged" int NOT NULL DEFAULT 0,
        "touched_companies" text[] NOT NULL DEFAULT '{}',
        "relationships" int,
        "committed_at" timestamptz NOT NULL DEFAULT now(),
        "linked_at" timestamptz
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "network"."import_commits"`);
    await db.query(`DROP TABLE "network"."import_staging"`);
  }
}
