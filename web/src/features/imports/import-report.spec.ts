import { describe, expect, it } from 'vitest';
import { reportCsv, reportLines, warningSentences } from './import-report';

const status = {
  skippedRows: [
    { line: 9, reason: 'Missing first and last name' },
    { line: 4, reason: 'Has 8 values but the header has 7 columns (a comma, "Acme, Inc.")' },
  ],
  warnings: [
    {
      line: 6,
      kind: 'invalid-email' as const,
      message: 'The value in the e-mail column is not an e-mail address and was left out',
    },
  ],
  warningCounts: { 'invalid-email': 130, 'extra-empty-fields': 1 },
};

describe('import report', () => {
  it('lists skipped rows and warnings together in line order', () => {
    expect(reportLines(status).map((line) => `${line.line} ${line.kind}`)).toEqual([
      '4 Skipped',
      '6 E-mail left out',
      '9 Skipped',
    ]);
  });

  it('says each kind of warning in a sentence with its count', () => {
    expect(warningSentences(status)).toEqual([
      '130 people were imported without their e-mail values, which were not e-mail addresses.',
      '1 row had empty values after the last column; they were ignored.',
    ]);
    expect(warningSentences({ warningCounts: { 'invalid-email': 0, 'extra-empty-fields': 0 } })).toEqual([]);
  });

  it('writes the list as CSV with quoted reasons and no formula a spreadsheet would run', () => {
    const csv = reportCsv([...reportLines(status), { line: 12, kind: 'Skipped', reason: '=HYPERLINK("x")' }]);
    expect(csv.split('\r\n')).toEqual([
      'Line,Kind,Reason',
      '4,Skipped,"Has 8 values but the header has 7 columns (a comma, ""Acme, Inc."")"',
      '6,E-mail left out,The value in the e-mail column is not an e-mail address and was left out',
      '9,Skipped,Missing first and last name',
      `12,Skipped,"'=HYPERLINK(""x"")"`,
      '',
    ]);
  });
});
