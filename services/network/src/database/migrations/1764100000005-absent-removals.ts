import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Removing the people not in the latest export, undoable for 7 days
 * (docs/import.md#removing-the-people-not-in-your-latest-export). A removal moves the people out of
 * `connections` (so no read of the network, its paths, stats or pooled graphs has to know about it)
 * into `removed_connections`, each row whole (`to_jsonb`, notes included) under its own id, and
 * `absent_removals` remembers the removal itself: when, until when it can be undone, whether it
 * was, and when the removed rows were purged for good.
 */
export class AbsentRemovals1764100000005 implements MigrationInterface {
  name = 'AbsentRemovals1764100000005';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "network"."absent_removals" (
        "import_id" uuid PRIMARY KEY,
        "owner_user_id" int NOT NULL,
        "removed" int NOT NULL,
        "removed_at" timestamptz NOT NULL DEFAULT now(),
        "undo_until" timestamptz NOT NULL,
        "restored_at" timestamptz,
        "purged_at" timestamptz
      )`);
    await db.query(`
      CREATE INDEX "absent_removals_to_purge" ON "network"."absent_removals" ("undo_until")
        WHERE "restored_at" IS NULL AND "purged_at" IS NULL`);
    await db.query(`
      CREATE TABLE "network"."removed_connections" (
        "import_id" uuid NOT NULL,
        "connection_id" bigint NOT NULL,
        "owner_user_id" int NOT NULL,
        "row" jsonb NOT NULL,
        PRIMARY KEY ("import_id", "connection_id")
      )`);
    await db.query(`
      CREATE INDEX "import_commits_owner_latest" ON "network"."import_commits" ("owner_user_id", "committed_at" DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "network"."import_commits_owner_latest"`);
    await db.query(`DROP TABLE "network"."removed_connections"`);
    await db.query(`DROP TABLE "network"."absent_removals"`);
  }
}
