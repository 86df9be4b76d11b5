import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per import (docs/import.md). The partial unique index makes "the same file twice joins the
 * running import" hold even when both uploads arrive at once.
 */
export class CreateImports1763900000001 implements MigrationInterface {
  name = 'CreateImports1763900000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "imports"."imports" (
        "id" uuid PRIMARY KEY,
        "user_id" int NOT NULL,
        "state" varchar(16) NOT NULL,
        "file_name" varchar(255) NOT NULL,
        "size_bytes" bigint NOT NULL,
        "digest" varchar(200) NOT NULL,
        "object_name" varchar(200) NOT NULL,
        "attempt" int NOT NULL DEFAULT 0,
        "rows_read" int NOT NULL DEFAULT 0,
        "imported" int NOT NULL DEFAULT 0,
        "updated" int NOT NULL DEFAULT 0,
        "unchanged" int NOT NULL DEFAULT 0,
        "skipped" int NOT NULL DEFAULT 0,
        "relationships" int NOT NULL DEFAULT 0,
        "skipped_rows" jsonb NOT NULL DEFAULT '[]',
        "error_code" varchar(40),
        "error_message" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "completed_at" timestamptz
      )`);
    await db.query(`
      CREATE UNIQUE INDEX "imports_running_file" ON "imports"."imports" ("user_id", "digest")
      WHERE "state" IN ('queued', 'parsing', 'saving', 'linking')`);
    await db.query(
      `CREATE INDEX "imports_user_created" ON "imports"."imports" ("user_id", "created_at" DESC)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "imports"."imports"`);
  }
}
