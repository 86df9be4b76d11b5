import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763800000000 implements MigrationInterface {
  name = 'CreateUsers1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "auth"."users" (
        "id" SERIAL PRIMARY KEY,
        "username" varchar(50) NOT NULL,
        "username_key" varchar(50) NOT NULL CONSTRAINT "users_username_key" UNIQUE,
        "first_name" varchar(100) NOT NULL,
        "last_name" varchar(100) NOT NULL,
        "email" varchar(320) NOT NULL,
        "avatar_url" varchar(500),
        "password_hash" varchar(255),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE "auth"."identities" (
        "id" SERIAL PRIMARY KEY,
        "user_id" int NOT NULL REFERENCES "auth"."users"("id") ON DELETE CASCADE,
        "provider" varchar(20) NOT NULL,
        "subject" varchar(255) NOT NULL,
        "email" varchar(320),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "identities_provider_subject" UNIQUE ("provider", "subject"),
        CONSTRAINT "identities_user_provider" UNIQUE ("user_id", "provider")
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth"."identities"`);
    await db.query(`DROP TABLE "auth"."users"`);
  }
}
