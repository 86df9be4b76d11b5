import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Strength changes (docs/import.md#strength-changes): a re-import whose archive moves a tie's
 * strength band lists the person with the band and score before and after. A signals row keeps
 * what it held before the import that replaced it (`replaced_signals`, counts and dates only, as
 * the row itself), so the band before can be told when that import's last batch arrives.
 * Expand-only: nullable columns.
 */
export class StrengthChanges1764500000013 implements MigrationInterface {
  name = 'StrengthChanges1764500000013';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "network"."connection_signals" ADD COLUMN "replaced_signals" jsonb`);
    await db.query(`
      ALTER TABLE "network"."import_changes"
        ADD COLUMN "before_band" varchar(6),
        ADD COLUMN "after_band" varchar(6),
        ADD COLUMN "before_score" smallint,
        ADD COLUMN "after_score" smallint`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE "network"."import_changes" DROP COLUMN "before_band", DROP COLUMN "after_band",
        DROP COLUMN "before_score", DROP COLUMN "after_score"`);
    await db.query(`ALTER TABLE "network"."connection_signals" DROP COLUMN "replaced_signals"`);
  }
}
