import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What an archive's relationship files gave, per import (docs/warmth.md): counts only. */
export class ImportSignals1764200000001 implements MigrationInterface {
  name = 'ImportSignals1764200000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "imports"."imports" ADD COLUMN "signals" jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "imports"."imports" DROP COLUMN "signals"`);
  }
}
