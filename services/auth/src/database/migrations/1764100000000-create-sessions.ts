import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The durable copy of browser sessions (docs/security.md#sessions): a session survives a Redis that
 * comes back empty. The session id itself is never stored, only its SHA-256; a revoked session is
 * deleted.
 */
export class CreateSessions1764100000000 implements MigrationInterface {
  name = 'CreateSessions1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "auth"."sessions" (
        "id_hash" char(64) PRIMARY KEY,
        "user_id" int NOT NULL REFERENCES "auth"."users"("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "last_seen_at" timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX "sessions_user" ON "auth"."sessions" ("user_id")`);
    await db.query(`CREATE INDEX "sessions_expires_at" ON "auth"."sessions" ("expires_at")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth"."sessions"`);
  }
}
