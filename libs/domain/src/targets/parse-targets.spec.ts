import { describe, expect, it } from '@jest/globals';
import { isTargetFileError } from './target-file-error.js';
import { readPastedTargets, readTargetSheet, type SheetRow } from './parse-targets.js';

const sheet = (...rows: string[][]): SheetRow[] => rows.map((cells, index) => ({ cells, line: index + 1 }));

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isTargetFileError(error) ? error.code : 'other';
  }
  return undefined;
}

describe('readTargetSheet', () => {
  it('reads company and person rows mixed, and accounts for every row', () => {
    const result = readTargetSheet(
      sheet(
        ['Company', 'Website', 'First Name', 'Last Name', 'LinkedIn URL'],
        ['Acme Inc.', 'https://www.acme.com/about', '', '', ''],
        ['', 'globex.com', '', '', ''],
        ['Initech', '', 'Peter', 'Gibbons', ''],
        ['', '', '', '', 'https://www.linkedin.com/in/Ana-Lopez/'],
        ['', '', 'Bill', 'Lumbergh', ''],
        ['', '', '', '', ''],
        ['ACME', '', '', '', ''],
      ),
    );
    expect(result.targets).toEqual([
      { kind: 'company', line: 2, name: 'Acme Inc.', domain: 'acme.com', linkedinUrl: null },
      { kind: 'company', line: 3, name: null, domain: 'globex.com', linkedinUrl: null },
      {
        kind: 'person',
        line: 4,
        profileUrl: null,
        firstName: 'Peter',
        lastName: 'Gibbons',
        company: 'Initech',
      },
      {
        kind: 'person',
        line: 5,
        profileUrl: 'https://www.linkedin.com/in/ana-lopez',
        firstName: null,
        lastName: null,
        company: null,
      },
    ]);
    expect(result.skipped).toEqual([
      expect.objectContaining({ line: 6, reason: 'no-target' }),
      { line: 8, reason: 'duplicate', message: 'The same target as line 2.', duplicateOf: 2 },
    ]);
  });

  it('reads company pages and domains given in the company column', () => {
    const result = readTargetSheet(
      sheet(['Company'], ['linkedin.com/company/acme-labs'], ['https://initech.com'], ['Salesforce.com']),
    );
    expect(result.targets).toEqual([
      {
        kind: 'company',
        line: 2,
        name: null,
        domain: null,
        linkedinUrl: 'https://www.linkedin.com/company/acme-labs',
      },
      { kind: 'company', line: 3, name: null, domain: 'initech.com', linkedinUrl: null },
      { kind: 'company', line: 4, name: 'Salesforce.com', domain: 'salesforce.com', linkedinUrl: null },
    ]);
  });

  it('splits a full name at its first word', () => {
    const result = readTargetSheet(sheet(['Name', 'Company'], ['Ana María López', 'Acme']));
    expect(result.targets[0]).toMatchObject({ firstName: 'Ana', lastName: 'María López', company: 'Acme' });
  });

  it('uses a mapping chosen in the mapping step', () => {
    const mapping = { headerRow: 0, columns: { company: 1 }, unsure: false, doubts: [] };
    const result = readTargetSheet(sheet(['Notes', 'Whatever'], ['call', 'Acme']), { mapping });
    expect(result.targets).toEqual([
      { kind: 'company', line: 2, name: 'Acme', domain: null, linkedinUrl: null },
    ]);
    expect(result.header).toEqual(['Notes', 'Whatever']);
  });

  it('refuses an empty sheet, one without a target column, and one over the row limit', () => {
    expect(codeOf(() => readTargetSheet(sheet(['', ' '], [])))).toBe('EMPTY_FILE');
    expect(codeOf(() => readTargetSheet(sheet(['Title', 'Revenue'], ['CTO', '1'])))).toBe('NO_TARGET_COLUMN');
    const rows = sheet(['Company'], ...Array.from({ length: 11 }, (_, i) => [`Company ${i}`]));
    expect(codeOf(() => readTargetSheet(rows, { maxRows: 10 }))).toBe('TOO_MANY_ROWS');
    expect(readTargetSheet(rows.slice(0, 11), { maxRows: 10 }).targets).toHaveLength(10);
  });
});

describe('readPastedTargets', () => {
  it('reads one target a line, without a mapping step', () => {
    const result = readPastedTargets('Acme Inc\r\n\nhttps://www.linkedin.com/in/ana\nglobex.com\nacme');
    expect(result.mapping.unsure).toBe(false);
    expect(result.targets.map((target) => target.kind)).toEqual(['company', 'person', 'company']);
    expect(result.skipped).toEqual([
      expect.objectContaining({ line: 5, reason: 'duplicate', duplicateOf: 1 }),
    ]);
  });

  it('reads cells pasted from a spreadsheet with their header', () => {
    const result = readPastedTargets('First Name\tLast Name\tCompany\nAna\tLopez\tAcme');
    expect(result.targets).toEqual([
      { kind: 'person', line: 2, profileUrl: null, firstName: 'Ana', lastName: 'Lopez', company: 'Acme' },
    ]);
  });
});
