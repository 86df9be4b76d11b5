import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each reader last marked a target list seen, and what was covered then (docs/targets.md#new-ways-in):
 * `snapshot` maps a covered target's line to its connectors' user ids. Results compare with it for
 * `isNew` and `newWaysIn`. Deleting a list deletes its snapshots (ON DELETE CASCADE).
 * Expand-only: a new table.
 */
export class TargetListSeen1764700000015 implements MigrationInterface {
  name = 'TargetListSeen1764700000015';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "network"."target_list_seen" (
        "list_id" uuid NOT NULL REFERENCES "network"."target_lists" ("id") ON DELETE CASCADE,
        "user_id" int NOT NULL,
        "seen_at" timestamptz NOT NULL DEFAULT now(),
        "snapshot" jsonb NOT NULL,
        PRIMARY KEY ("list_id", "user_id")
      )`);
    await db.query(`CREATE INDEX "target_list_seen_user" ON "network"."target_list_seen" ("user_id")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "network"."target_list_seen"`);
  }
}
