import { describe, expect, it } from '@jest/globals';
import type { ImportStatus } from '@warmpath/contracts';
import { toBulkFile } from './bulk-file.js';

const status = (patch: Partial<ImportStatus>): ImportStatus => ({
  id: '00000000-0000-4000-8000-000000000001',
  state: 'completed',
  fileName: 'Ada.csv',
  sizeBytes: 10,
  rowsRead: 3,
  imported: 2,
  updated: 0,
  unchanged: 0,
  jobChanges: 0,
  absent: 0,
  skipped: 1,
  relationships: 1,
  skippedRows: [],
  warningCounts: { 'invalid-email': 0, 'extra-empty-fields': 0 },
  warnings: [],
  error: null,
  attempt: 1,
  createdAt: '',
  updatedAt: '',
  completedAt: null,
  ...patch,
});

const file = {
  fileName: 'Ada.csv',
  sourceName: 'Ada',
  sourceId: 1,
  importId: '00000000-0000-4000-8000-000000000001',
  error: null,
};

describe('toBulkFile', () => {
  it("gives an import's state and row accounting", () => {
    expect(toBulkFile(file, status({}))).toMatchObject({
      status: 'completed',
      counts: { rowsRead: 3, imported: 2, skipped: 1, relationships: 1 },
    });
  });

  it('gives the reason of a failed import', () => {
    const failure = { code: 'NO_HEADER', message: 'No header' };
    expect(toBulkFile(file, status({ state: 'failed', error: failure }))).toMatchObject({
      status: 'failed',
      error: failure,
    });
  });

  it('fails a file refused at upload with its reason, without counts', () => {
    const error = { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Not a CSV' };
    const refused = toBulkFile({ ...file, importId: null, error }, undefined);
    expect(refused).toEqual({ ...file, importId: null, status: 'failed', error });
  });
});
