import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface SourceRow {
  id: number;
  team_id: number;
  name: string;
  email: string | null;
  uploaded_by_id: number;
  latest_import_id: string | null;
  latest_file_name: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface BulkRow {
  id: string;
  team_id: number;
  created_at: Date;
}

export interface BulkFileRow {
  position: number;
  file_name: string;
  source_name: string;
  source_id: number | null;
  import_id: string | null;
  error_code: string | null;
  error_message: string | null;
}

const SOURCE_COLUMNS = `"id", "team_id", "name", "email", "uploaded_by_id", "latest_import_id", "latest_file_name", "created_at", "updated_at"`;

/** Sources and bulks of the teams schema (teams.sources, teams.bulk_imports, teams.bulk_files). */
@Injectable()
export class SourcesRepository {
  constructor(private readonly dataSource: DataSource) {}

  listSources(teamId: number): Promise<SourceRow[]> {
    return this.dataSource.query(
      `SELECT ${SOURCE_COLUMNS} FROM "teams"."sources" WHERE "team_id" = $1 ORDER BY "name_key", "id"`,
      [teamId],
    );
  }

  async findSource(teamId: number, sourceId: number): Promise<SourceRow | null> {
    const rows: SourceRow[] = await this.dataSource.query(
      `SELECT ${SOURCE_COLUMNS} FROM "teams"."sources" WHERE "team_id" = $1 AND "id" = $2`,
      [teamId, sourceId],
    );
    return rows[0] ?? null;
  }

  async findSourceByName(teamId: number, nameKey: string): Promise<SourceRow | null> {
    const rows: SourceRow[] = await this.dataSource.query(
      `SELECT ${SOURCE_COLUMNS} FROM "teams"."sources" WHERE "team_id" = $1 AND "name_key" = $2`,
      [teamId, nameKey],
    );
    return rows[0] ?? null;
  }

  /**
   * The source of this name in the workspace, created if there is none (a newer export of the
   * same person replaces the old one: same source, a re-import). An e-mail given updates it.
   */
  async upsertSource(
    teamId: number,
    name: string,
    nameKey: string,
    email: string | null,
    uploadedById: number,
  ): Promise<SourceRow> {
    const rows: SourceRow[] = await this.dataSource.query(
      `INSERT INTO "teams"."sources" ("team_id", "name", "name_key", "email", "uploaded_by_id")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("team_id", "name_key") DO UPDATE
         SET "email" = COALESCE(EXCLUDED."email", "sources"."email"), "uploaded_by_id" = EXCLUDED."uploaded_by_id",
             "updated_at" = now()
       RETURNING ${SOURCE_COLUMNS}`,
      [teamId, name, nameKey, email, uploadedById],
    );
    return rows[0] as SourceRow;
  }

  async setLatestImport(sourceId: number, importId: string, fileName: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "teams"."sources" SET "latest_import_id" = $2, "latest_file_name" = $3, "updated_at" = now() WHERE "id" = $1`,
      [sourceId, importId, fileName],
    );
  }

  /** True when a row was deleted. */
  async deleteSource(teamId: number, sourceId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `DELETE FROM "teams"."sources" WHERE "team_id" = $1 AND "id" = $2 RETURNING "id"`,
      [teamId, sourceId],
    );
    return rows.length > 0;
  }

  async createBulk(bulkId: string, teamId: number, userId: number): Promise<BulkRow> {
    const rows: BulkRow[] = await this.dataSource.query(
      `INSERT INTO "teams"."bulk_imports" ("id", "team_id", "created_by_id") VALUES ($1, $2, $3)
       RETURNING "id", "team_id", "created_at"`,
      [bulkId, teamId, userId],
    );
    return rows[0] as BulkRow;
  }

  async addFile(bulkId: string, file: BulkFileRow): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "teams"."bulk_files" ("bulk_id", "position", "file_name", "source_name", "source_id", "import_id", "error_code", "error_message")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        bulkId,
        file.position,
        file.file_name,
        file.source_name,
        file.source_id,
        file.import_id,
        file.error_code,
        file.error_message,
      ],
    );
  }

  async findBulk(bulkId: string): Promise<{ bulk: BulkRow; files: BulkFileRow[] } | null> {
    const bulks: BulkRow[] = await this.dataSource.query(
      `SELECT "id", "team_id", "created_at" FROM "teams"."bulk_imports" WHERE "id" = $1`,
      [bulkId],
    );
    const bulk = bulks[0];
    if (!bulk) return null;
    const files: BulkFileRow[] = await this.dataSource.query(
      `SELECT "position", "file_name", "source_name", "source_id", "import_id", "error_code", "error_message"
       FROM "teams"."bulk_files" WHERE "bulk_id" = $1 ORDER BY "position"`,
      [bulkId],
    );
    return { bulk, files };
  }
}
