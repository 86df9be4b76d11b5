import type { ImportStatus } from '@warmpath/contracts';

/** The import id tests share when one import is enough. */
export const IMPORT_ID = '9ee99033-9f71-4cd5-b33d-4e607981eee8';

/** An import's status as the worker reports it: parsing, first attempt, nothing read yet. */
export function buildImportStatus(overrides: Partial<ImportStatus> = {}): ImportStatus {
  return {
    id: IMPORT_ID,
    state: 'parsing',
    fileName: 'Connections.csv',
    sizeBytes: 10,
    rowsRead: 0,
    imported: 0,
    updated: 0,
    unchanged: 0,
    jobChanges: 0,
    absent: 0,
    skipped: 0,
    relationships: 0,
    skippedRows: [],
    warningCounts: { 'invalid-email': 0, 'extra-empty-fields': 0 },
    warnings: [],
    error: null,
    attempt: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}
