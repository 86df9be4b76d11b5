import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Target lists (docs/targets.md#storage): a list is a workspace's (`team_id`) or one user's own
 * (`team_id` null, matched against their own network). Its targets are kept as read (one row a
 * target, the parsed target as jsonb), its skipped rows with the list; corrections one a line.
 * Deleting a list deletes its rows and corrections (ON DELETE CASCADE). The file is not kept.
 * Expand-only: new tables.
 */
export class TargetLists1764600000014 implements MigrationInterface {
  name = 'TargetLists1764600000014';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "network"."target_lists" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "team_id" int,
        "name" varchar(120) NOT NULL,
        "source_name" varchar(255),
        "mapping" jsonb,
        "skipped" jsonb NOT NULL DEFAULT '[]',
        "target_count" int NOT NULL DEFAULT 0,
        "skipped_count" int NOT NULL DEFAULT 0,
        "created_by" int NOT NULL,
        "updated_by" int NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX "target_lists_team" ON "network"."target_lists" ("team_id", "created_at")`);
    await db.query(
      `CREATE INDEX "target_lists_own" ON "network"."target_lists" ("created_by", "created_at") WHERE "team_id" IS NULL`,
    );
    await db.query(`
      CREATE TABLE "network"."target_rows" (
        "list_id" uuid NOT NULL REFERENCES "network"."target_lists" ("id") ON DELETE CASCADE,
        "line" int NOT NULL,
        "target" jsonb NOT NULL,
        PRIMARY KEY ("list_id", "line")
      )`);
    await db.query(`
      CREATE TABLE "network"."target_corrections" (
        "list_id" uuid NOT NULL REFERENCES "network"."target_lists" ("id") ON DELETE CASCADE,
        "line" int NOT NULL,
        "company_key" varchar(300),
        "updated_by" int NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("list_id", "line")
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "network"."target_corrections"`);
    await db.query(`DROP TABLE "network"."target_rows"`);
    await db.query(`DROP TABLE "network"."target_lists"`);
  }
}
