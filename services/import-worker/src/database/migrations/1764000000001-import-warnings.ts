import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Warnings of an import (docs/import.md): rows imported with something left out or repaired, counted
 * per kind, the first 100 listed, beside the skipped rows.
 */
export class ImportWarnings1764000000001 implements MigrationInterface {
  name = 'ImportWarnings1764000000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE "imports"."imports"
        ADD COLUMN "warning_counts" jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN "warnings" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "imports"."imports" DROP COLUMN "warning_counts", DROP COLUMN "warnings"`);
  }
}
