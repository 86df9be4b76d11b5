import type { BulkFile, ImportStatus } from '@warmpath/contracts';

export interface FileRecord {
  fileName: string;
  sourceName: string;
  sourceId: number | null;
  importId: string | null;
  error: { code: string; message: string } | null;
}

/**
 * A file of a bulk as its readers see it: refused at upload (failed, with why), or its import's
 * state, failure and row accounting (docs/import.md "Row accounting").
 */
export function toBulkFile(file: FileRecord, status: ImportStatus | undefined): BulkFile {
  const base = {
    fileName: file.fileName,
    sourceName: file.sourceName,
    sourceId: file.sourceId,
    importId: file.importId,
  };
  if (file.error || !file.importId) {
    return {
      ...base,
      status: 'failed',
      error: file.error ?? { code: 'NOT_IMPORTED', message: 'The file was not imported.' },
    };
  }
  if (!status) return { ...base, status: 'queued' };
  return {
    ...base,
    status: status.state,
    ...(status.error ? { error: status.error } : {}),
    counts: {
      rowsRead: status.rowsRead,
      imported: status.imported,
      updated: status.updated,
      unchanged: status.unchanged,
      jobChanges: status.jobChanges,
      absent: status.absent,
      skipped: status.skipped,
      relationships: status.relationships,
    },
  };
}
