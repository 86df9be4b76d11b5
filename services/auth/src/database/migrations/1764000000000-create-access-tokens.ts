import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Personal access tokens (docs/api.md): only the SHA-256 of each secret is stored. */
export class CreateAccessTokens1764000000000 implements MigrationInterface {
  name = 'CreateAccessTokens1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "auth"."access_tokens" (
        "id" SERIAL PRIMARY KEY,
        "user_id" int NOT NULL REFERENCES "auth"."users"("id") ON DELETE CASCADE,
        "name" varchar(100) NOT NULL,
        "scopes" text[] NOT NULL,
        "secret_hash" char(64) NOT NULL CONSTRAINT "access_tokens_secret_hash" UNIQUE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_used_at" timestamptz,
        "expires_at" timestamptz,
        "revoked_at" timestamptz
      )`);
    await db.query(
      `CREATE INDEX "access_tokens_user_live" ON "auth"."access_tokens" ("user_id") WHERE "revoked_at" IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth"."access_tokens"`);
  }
}
