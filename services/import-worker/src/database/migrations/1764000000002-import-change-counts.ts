import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Job changes and people absent from the export, counted per import
 * (docs/import.md#removing-the-people-not-in-your-latest-export).
 */
export class ImportChangeCounts1764000000002 implements MigrationInterface {
  name = 'ImportChangeCounts1764000000002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE "imports"."imports"
        ADD COLUMN "job_changes" int NOT NULL DEFAULT 0,
        ADD COLUMN "absent" int NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "imports"."imports" DROP COLUMN "job_changes", DROP COLUMN "absent"`);
  }
}
