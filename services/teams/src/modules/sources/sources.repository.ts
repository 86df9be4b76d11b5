import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A workspace's source: one person's uploaded export, by name. */
export interface Source {
  id: number;
  workspaceId: number;
  name: string;
  email: string | null;
  uploadedById: number;
  latestImportId: string | null;
  latestFileName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Bulk {
  id: string;
  workspaceId: number;
  createdAt: Date;
}

export interface BulkFile {
  position: number;
  fileName: string;
  sourceName: string;
  sourceId: number | null;
  importId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

// Rows come back in the shapes above: columns are aliased to their camelCase names in the SQL.
const SOURCE_COLUMNS = `"id", "team_id" AS "workspaceId", "name", "email", "uploaded_by_id" AS "uploadedById",
  "latest_import_id" AS "latestImportId", "latest_file_name" AS "latestFileName",
  "created_at" AS "createdAt", "updated_at" AS "updatedAt"`;
const BULK_COLUMNS = `"id", "team_id" AS "workspaceId", "created_at" AS "createdAt"`;
const BULK_FILE_COLUMNS = `"position", "file_name" AS "fileName", "source_name" AS "sourceName",
  "source_id" AS "sourceId", "import_id" AS "importId", "error_code" AS "errorCode",
  "error_message" AS "errorMessage"`;

/** Sources and bulks of the teams schema (teams.sources, teams.bulk_imports, teams.bulk_files). */
@Injectable()
export class SourcesRepository {
  constructor(private readonly dataSource: DataSource) {}

  listSources(teamId: number): Promise<Source[]> {
    return this.dataSource.query(
      `SELECT ${SOURCE_COLUMNS} FROM "teams"."sources" WHERE "team_id" = $1 ORDER BY "name_key", "id"`,
      [teamId],
    );
  }

  async findSource(teamId: number, sourceId: number): Promise<Source | null> {
    const rows: Source[] = await this.dataSource.query(
      `SELECT ${SOURCE_COLUMNS} FROM "teams"."sources" WHERE "team_id" = $1 AND "id" = $2`,
      [teamId, sourceId],
    );
    return rows[0] ?? null;
  }

  async findSourceByName(teamId: number, nameKey: string): Promise<Source | null> {
    const rows: Source[] = await this.dataSource.query(
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
  ): Promise<Source> {
    const rows: Source[] = await this.dataSource.query(
      `INSERT INTO "teams"."sources" ("team_id", "name", "name_key", "email", "uploaded_by_id")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("team_id", "name_key") DO UPDATE
         SET "email" = COALESCE(EXCLUDED."email", "sources"."email"), "uploaded_by_id" = EXCLUDED."uploaded_by_id",
             "updated_at" = now()
       RETURNING ${SOURCE_COLUMNS}`,
      [teamId, name, nameKey, email, uploadedById],
    );
    return rows[0] as Source;
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

  async createBulk(bulkId: string, teamId: number, userId: number): Promise<Bulk> {
    const rows: Bulk[] = await this.dataSource.query(
      `INSERT INTO "teams"."bulk_imports" ("id", "team_id", "created_by_id") VALUES ($1, $2, $3)
       RETURNING ${BULK_COLUMNS}`,
      [bulkId, teamId, userId],
    );
    return rows[0] as Bulk;
  }

  async addFile(bulkId: string, file: BulkFile): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "teams"."bulk_files" ("bulk_id", "position", "file_name", "source_name", "source_id", "import_id", "error_code", "error_message")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        bulkId,
        file.position,
        file.fileName,
        file.sourceName,
        file.sourceId,
        file.importId,
        file.errorCode,
        file.errorMessage,
      ],
    );
  }

  async findBulk(bulkId: string): Promise<{ bulk: Bulk; files: BulkFile[] } | null> {
    const bulks: Bulk[] = await this.dataSource.query(
      `SELECT ${BULK_COLUMNS} FROM "teams"."bulk_imports" WHERE "id" = $1`,
      [bulkId],
    );
    const bulk = bulks[0];
    if (!bulk) return null;
    const files: BulkFile[] = await this.dataSource.query(
      `SELECT ${BULK_FILE_COLUMNS} FROM "teams"."bulk_files" WHERE "bulk_id" = $1 ORDER BY "position"`,
      [bulkId],
    );
    return { bulk, files };
  }
}
