import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateNetwork1763800000001 implements MigrationInterface {
  name = 'CreateNetwork1763800000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "network"."connections" (
        "id" BIGSERIAL PRIMARY KEY,
        "owner_user_id" int NOT NULL,
        "match_key" varchar(700) NOT NULL,
        "first_name" varchar(100) NOT NULL,
        "last_name" varchar(100) NOT NULL,
        "email" varchar(320),
        "linkedin_url" varchar(500),
        "company" varchar(200),
        "company_key" varchar(200),
        "position" varchar(300),
        "industry" varchar(200),
        "location" varchar(200),
        "connected_on" date,
        "category" varchar(20) NOT NULL,
        "seniority" smallint NOT NULL,
        "notes" text,
        "has_worked_with" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "connections_owner_match" UNIQUE ("owner_user_id", "match_key")
      )`);
    await db.query(
      `CREATE INDEX "connections_owner_company" ON "network"."connections" ("owner_user_id", "company_key")`,
    );
    await db.query(`
      CREATE TABLE "network"."relationships" (
        "id" BIGSERIAL PRIMARY KEY,
        "owner_user_id" int NOT NULL,
        "source_id" bigint NOT NULL REFERENCES "network"."connections"("id") ON DELETE CASCADE,
        "target_id" bigint NOT NULL REFERENCES "network"."connections"("id") ON DELETE CASCADE,
        "type" varchar(20) NOT NULL,
        "strength" smallint NOT NULL,
        "company" varchar(200),
        "company_key" varchar(200),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX "relationships_owner_company" ON "network"."relationships" ("owner_user_id", "company_key")`,
    );
    await db.query(`
      CREATE TABLE "network"."network_versions" (
        "owner_user_id" int PRIMARY KEY,
        "version" bigint NOT NULL DEFAULT 1
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "network"."network_versions"`);
    await db.query(`DROP TABLE "network"."relationships"`);
    await db.query(`DROP TABLE "network"."connections"`);
  }
}
