import { Injectable } from '@nestjs/common';
import { ACTIVE_IMPORT_STATES, type CreateImportRequest } from '@warmpath/contracts';
import { DataSource, In, type Repository } from 'typeorm';
import { ImportEntity } from './import.entity.js';

/** Counters and outcome an attempt writes; only the attempt that owns the row may write them. */
export type ImportPatch = Partial<
  Pick<
    ImportEntity,
    | 'state'
    | 'rowsRead'
    | 'imported'
    | 'updated'
    | 'unchanged'
    | 'jobChanges'
    | 'absent'
    | 'skipped'
    | 'relationships'
    | 'skippedRows'
    | 'warningCounts'
    | 'warnings'
    | 'signals'
    | 'errorCode'
    | 'errorMessage'
    | 'completedAt'
  >
>;

@Injectable()
export class ImportsRepository {
  private readonly imports: Repository<ImportEntity>;

  constructor(dataSource: DataSource) {
    this.imports = dataSource.getRepository(ImportEntity);
  }

  /**
   * Records a new import, or finds the running import of the same file by the same user (the
   * partial unique index settles two simultaneous uploads). `joined` tells which happened.
   */
  async createOrJoin(request: CreateImportRequest): Promise<{ entity: ImportEntity; joined: boolean }> {
    for (let tries = 0; tries < 3; tries++) {
      const inserted: unknown[] = await this.imports.query(
        `INSERT INTO "imports"."imports" ("id", "user_id", "state", "file_name", "size_bytes", "digest", "object_name")
         VALUES ($1, $2, 'queued', $3, $4, $5, $6)
         ON CONFLICT ("user_id", "digest") WHERE "state" IN ('queued', 'parsing', 'saving', 'linking') DO NOTHING
         RETURNING "id"`,
        [
          request.importId,
          request.userId,
          request.fileName,
          request.sizeBytes,
          request.digest,
          request.objectName,
        ],
      );
      if (inserted.length > 0)
        return { entity: await this.imports.findOneByOrFail({ id: request.importId }), joined: false };
      const running = await this.imports.findOneBy({
        userId: request.userId,
        digest: request.digest,
        state: In([...ACTIVE_IMPORT_STATES]),
      });
      // The running one may have finished in between: then this upload starts a new import.
      if (running) return { entity: running, joined: true };
    }
    throw new Error(`Could not record import ${request.importId}`);
  }

  /** Removes an import that was recorded but could not be queued (no try ever started). */
  async deleteUnstarted(id: string): Promise<void> {
    await this.imports.delete({ id, state: 'queued', attempt: 0 });
  }

  findByIds(ids: readonly string[]): Promise<ImportEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.imports.findBy({ id: In([...ids]) });
  }

  findById(id: string): Promise<ImportEntity | null> {
    return this.imports.findOneBy({ id });
  }

  /** Starts a new try: counters reset, the attempt number grows. Null when the import is over. */
  async startAttempt(id: string): Promise<ImportEntity | null> {
    const rows: { id: string }[] = await this.imports.query(
      `UPDATE "imports"."imports" SET "attempt" = "attempt" + 1, "state" = 'parsing', "rows_read" = 0, "imported" = 0,
         "updated" = 0, "unchanged" = 0, "job_changes" = 0, "absent" = 0, "skipped" = 0, "relationships" = 0, "skipped_rows" = '[]',
         "warning_counts" = '{}', "warnings" = '[]',
         "error_code" = NULL, "error_message" = NULL, "updated_at" = now()
       WHERE "id" = $1 AND "state" IN ('queued', 'parsing', 'saving', 'linking') RETURNING "id"`,
      [id],
    );
    return rows.length > 0 ? this.imports.findOneBy({ id }) : null;
  }

  /** Applies the patch if `attempt` still owns the import; answers the import as stored, or null. */
  async update(id: string, attempt: number, patch: ImportPatch): Promise<ImportEntity | null> {
    const result = await this.imports.update({ id, attempt }, patch);
    return result.affected ? this.imports.findOneBy({ id }) : null;
  }

  /** The user's imports, newest first. */
  listForUser(userId: number, limit: number): Promise<ImportEntity[]> {
    return this.imports.find({ where: { userId }, order: { createdAt: 'DESC' }, take: limit });
  }

  /** Imports not over yet: after a restart their jobs are queued again (the job id makes that a no-op if queued). */
  findUnfinished(): Promise<ImportEntity[]> {
    return this.imports.findBy({ state: In([...ACTIVE_IMPORT_STATES]) });
  }
}
