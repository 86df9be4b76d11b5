import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Company links lose their row-by-row foreign keys; deleting a person still deletes their links,
 * through one statement-level trigger.
 *
 * Why: with the two foreign keys, inserting the links of a large import took about three times as
 * long (docs/performance.md#figures-behind-choices-in-the-code); each row's check looks up and
 * locks both people it links. Links are only ever written by the relink step of an import, from
 * people read in the same transaction under the owner's lock, so they cannot point nowhere.
 */
export class CompanyLinksWithoutRowFks1763900000002 implements MigrationInterface {
  name = 'CompanyLinksWithoutRowFks1763900000002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE "network"."relationships" DROP CONSTRAINT IF EXISTS "relationships_source_id_fkey"`,
    );
    await db.query(
      `ALTER TABLE "network"."relationships" DROP CONSTRAINT IF EXISTS "relationships_target_id_fkey"`,
    );
    await db.query(`
      CREATE FUNCTION "network"."delete_links_of_deleted_people"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Hashed sub-plans: one pass over the links whatever the number of people deleted.
        DELETE FROM "network"."relationships"
        WHERE "source_id" IN (SELECT "id" FROM "gone") OR "target_id" IN (SELECT "id" FROM "gone");
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER "connections_delete_links" AFTER DELETE ON "network"."connections"
      REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "network"."delete_links_of_deleted_people"()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER "connections_delete_links" ON "network"."connections"`);
    await db.query(`DROP FUNCTION "network"."delete_links_of_deleted_people"()`);
    await db.query(`
      ALTER TABLE "network"."relationships"
        ADD CONSTRAINT "relationships_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "network"."connections"("id") ON DELETE CASCADE,
        ADD CONSTRAINT "relationships_target_id_fkey" FOREIGN KEY ("target_id") REFERENCES "network"."connections"("id") ON DELETE CASCADE`);
  }
}
