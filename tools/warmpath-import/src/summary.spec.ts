import { describe, expect, it } from '@jest/globals';
import { bar, describe as describeLine } from './progress.js';
import { summaryTable, type FileResult } from './summary.js';

const done: FileResult = {
  file: 'ana.csv',
  status: 'completed',
  importId: 'i-1',
  imported: 1200,
  updated: 3,
  unchanged: 0,
  skipped: 1,
  alreadyImported: false,
  error: null,
};

describe('summaryTable', () => {
  it('has a row per file with its counts, the failure reason, and a total', () => {
    const table = summaryTable([
      done,
      { ...done, file: 'bea.csv', alreadyImported: true },
      {
        ...done,
        file: 'broken.csv',
        status: 'failed',
        imported: null,
        updated: null,
        unchanged: null,
        skipped: null,
        error: 'This file is empty.',
      },
    ]);
    expect(table.split('\n')).toEqual([
      'FILE        STATUS     IMPORTED  UPDATED  UNCHANGED  SKIPPED  DETAIL',
      'ana.csv     completed     1,200        3          0        1',
      'bea.csv     completed     1,200        3          0        1  already imported, nothing changed',
      'broken.csv  failed            -        -          -        -  This file is empty.',
      '',
      '2 of 3 completed, 1 failed',
      '',
    ]);
  });

  it('adds the source column for workspace imports', () => {
    expect(summaryTable([{ ...done, source: 'Ana Silva' }]).split('\n')[0]).toBe(
      'FILE     SOURCE     STATUS     IMPORTED  UPDATED  UNCHANGED  SKIPPED  DETAIL',
    );
  });
});

describe('progress lines', () => {
  it('fill the bar with the bytes sent, then show the import state and rows', () => {
    expect(bar(0.5)).toBe(`[${'#'.repeat(12)}${'-'.repeat(12)}]`);
    const file = { fileName: 'a.csv', sentBytes: 524_288, totalBytes: 2_097_152 };
    expect(describeLine({ ...file, phase: 'uploading' })).toBe(`${bar(0.25)} uploading 25% of 2.0 MB`);
    expect(describeLine({ ...file, phase: 'importing', state: 'parsing', rowsRead: 12345 })).toBe(
      `${bar(1)} parsing, 12,345 rows read`,
    );
    expect(describeLine({ ...file, phase: 'failed', message: 'This file is empty.' })).toBe(
      `${bar(1)} failed: This file is empty.`,
    );
  });
});
