import type { ImportStatus } from '@warmpath/contracts';
import type { ImportEntity } from './import.entity.js';

export function toImportStatus(entity: ImportEntity): ImportStatus {
  return {
    id: entity.id,
    state: entity.state,
    fileName: entity.fileName,
    sizeBytes: Number(entity.sizeBytes),
    rowsRead: entity.rowsRead,
    imported: entity.imported,
    updated: entity.updated,
    unchanged: entity.unchanged,
    jobChanges: entity.jobChanges,
    absent: entity.absent,
    skipped: entity.skipped,
    relationships: entity.relationships,
    skippedRows: entity.skippedRows,
    warningCounts: { 'invalid-email': 0, 'extra-empty-fields': 0, ...entity.warningCounts },
    warnings: entity.warnings,
    error: entity.errorCode ? { code: entity.errorCode, message: entity.errorMessage ?? '' } : null,
    signals: entity.signals ?? null,
    attempt: entity.attempt,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
    completedAt: entity.completedAt ? entity.completedAt.toISOString() : null,
  };
}
