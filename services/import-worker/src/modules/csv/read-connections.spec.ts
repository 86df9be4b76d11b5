import { describe, expect, it } from '@jest/globals';
import type { StagedRow } from '@warmpath/contracts';
import {
  BAD_FILES,
  buildExportRow,
  DAMAGED_FILES,
  buildLinkedInCsv,
  generateLinkedInCsv,
  HOSTILE_CELLS,
  type BadFileKind,
} from '@warmpath/testing';
import { newReadStats, readConnectionBatches, type ReadStats } from './read-connections.js';

const NOW = new Date('2026-01-15T00:00:00Z');

/** The bytes in chunks of `chunkSize`, as the object store would deliver them. */
async function* chunked(bytes: Uint8Array, chunkSize = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
  if (bytes.length === 0) yield bytes;
}

async function readAll(
  input: string | Uint8Array,
  options: { batchRows?: number; chunkSize?: number } = {},
): Promise<{ batches: StagedRow[][]; stats: ReadStats }> {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const stats = newReadStats();
  const batches: StagedRow[][] = [];
  const reader = readConnectionBatches(chunked(bytes, options.chunkSize), {
    stats,
    now: NOW,
    batchRows: options.batchRows,
    reopen: async () => chunked(bytes, options.chunkSize),
  });
  for await (const batch of reader) batches.push(batch);
  return { batches, stats };
}

async function failureOf(input: string | Uint8Array): Promise<{ code: string; message: string }> {
  try {
    await readAll(input);
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected the read to fail');
}

describe('readConnectionBatches', () => {
  it("reads LinkedIn's current export after its preamble, numbering rows by file line", async () => {
    const rows = [
      buildExportRow({ firstName: 'Ana', lastName: 'Silva', company: 'Acme, Inc.', position: 'CTO' }),
      buildExportRow({
        firstName: 'Ben',
        lastName: 'Okafor',
        company: 'Acme',
        position: 'Senior Software Engineer',
      }),
    ];
    const { batches, stats } = await readAll(buildLinkedInCsv(rows));
    expect(stats).toEqual({
      rowsRead: 2,
      usable: 2,
      skipped: 0,
      skippedRows: [],
      warningCounts: { 'invalid-email': 0, 'extra-empty-fields': 0 },
      warnings: [],
    });
    const [ana, ben] = batches.flat();
    expect(ana?.[0]).toBe(5);
    expect(ana?.slice(3, 5)).toEqual(['Ana', 'Silva']);
    expect(ana?.[7]).toBe('Acme, Inc.');
    expect(ana?.[8]).toBe('acme');
    expect(ana?.slice(13)).toEqual(['executive', 9]);
    expect(ben?.slice(13)).toEqual(['engineering', 5]);
  });

  it('reads an older export without preamble or URL column, with a byte-order mark and CRLF', async () => {
    const csv = buildLinkedInCsv([buildExportRow({ firstName: 'Ana', lastName: 'Silva' })], {
      format: 'legacy',
      bom: true,
      lineEnding: '\r\n',
    });
    const { batches } = await readAll(csv);
    const [row] = batches.flat();
    expect(row?.[0]).toBe(2);
    expect(row?.[1]).toBe('name:ana silva|acme');
    expect(row?.[6]).toBeNull();
  });

  it('reads UTF-16 files saved by spreadsheets', async () => {
    const text = `\uFEFF${buildLinkedInCsv([buildExportRow({ firstName: 'José', lastName: 'Müller' })])}`;
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      bytes[i * 2] = text.charCodeAt(i) & 0xff;
      bytes[i * 2 + 1] = text.charCodeAt(i) >> 8;
    }
    const { batches } = await readAll(bytes, { chunkSize: 333 });
    expect(batches.flat()[0]?.slice(3, 5)).toEqual(['José', 'Müller']);
  });

  it('keeps counting lines past quoted fields that hold line breaks', async () => {
    const rows = [
      buildExportRow({ position: 'Engineer\nand writer' }),
      buildExportRow({ firstName: '', lastName: '' }),
    ];
    const { stats } = await readAll(buildLinkedInCsv(rows));
    expect(stats.skippedRows).toEqual([{ line: 7, reason: 'Missing first and last name' }]);
  });

  it('cuts batches at the requested number of rows', async () => {
    const { batches, stats } = await readAll(generateLinkedInCsv(5000), { batchRows: 2000 });
    expect(batches.map((batch) => batch.length)).toEqual([2000, 2000, 1000]);
    expect(stats.usable).toBe(5000);
  });

  it('pulls the upload only as fast as batches are taken (backpressure)', async () => {
    const bytes = new TextEncoder().encode(generateLinkedInCsv(20_000));
    let pulled = 0;
    async function* counting(): AsyncGenerator<Uint8Array> {
      for await (const chunk of chunked(bytes, 16 * 1024)) {
        pulled += chunk.length;
        yield chunk;
      }
    }
    const reader = readConnectionBatches(counting(), {
      stats: newReadStats(),
      now: NOW,
      batchRows: 500,
      reopen: async () => counting(),
    });
    await reader.next();
    expect(pulled).toBeLessThan(bytes.length / 2);
    await reader.return(undefined);
  });

  it('skips and reports unusable rows without failing the file, up to 100 of them', async () => {
    const good = buildExportRow();
    const bad = Array.from({ length: 120 }, () => buildExportRow({ firstName: '', lastName: ' ' }));
    const { stats } = await readAll(
      buildLinkedInCsv([good, ...bad, buildExportRow({ company: 'A'.repeat(100_000) })]),
    );
    expect(stats).toMatchObject({ rowsRead: 122, usable: 1, skipped: 121 });
    expect(stats.skippedRows).toHaveLength(100);
    expect(stats.skippedRows[0]).toEqual({ line: 6, reason: 'Missing first and last name' });
  });

  it('keeps formulas and markup as plain text', async () => {
    const row = buildExportRow({
      firstName: HOSTILE_CELLS.formulaName,
      lastName: HOSTILE_CELLS.markupLastName,
      company: HOSTILE_CELLS.formulaCompany,
      position: HOSTILE_CELLS.markupPosition,
    });
    const [staged] = (await readAll(buildLinkedInCsv([row]))).batches.flat();
    expect(staged?.slice(3, 5)).toEqual([HOSTILE_CELLS.formulaName, HOSTILE_CELLS.markupLastName]);
    expect(staged?.[7]).toBe(HOSTILE_CELLS.formulaCompany);
    expect(staged?.[9]).toBe(HOSTILE_CELLS.markupPosition);
  });
});

/** Staged rows as first name → the row (a StagedRow holds the names at 3 and 4, the e-mail at 5). */
const byFirstName = (batches: StagedRow[][]): Map<string, StagedRow> =>
  new Map(batches.flat().map((row) => [row[3] as string, row]));

describe('readConnectionBatches on damaged exports (docs/import.md)', () => {
  it('skips a row shifted by an unquoted comma and reports it, importing the rest', async () => {
    const { batches, stats } = await readAll(DAMAGED_FILES.unquotedComma());
    expect([...byFirstName(batches).keys()]).toEqual(['Ana', 'Chloé']);
    expect(stats).toMatchObject({ rowsRead: 3, usable: 2, skipped: 1 });
    expect(stats.skippedRows).toEqual([
      { line: 6, reason: expect.stringContaining('Has 8 values but the header has 7') },
    ]);
  });

  it('repairs a trailing comma after the date, with a warning', async () => {
    const { batches, stats } = await readAll(DAMAGED_FILES.trailingComma());
    expect(byFirstName(batches).get('Ben')?.slice(7, 10)).toEqual(['Acme', 'acme', 'Engineer']);
    expect(stats).toMatchObject({ usable: 3, skipped: 0, warningCounts: { 'extra-empty-fields': 1 } });
    expect(stats.warnings).toEqual([
      { line: 6, kind: 'extra-empty-fields', message: 'Empty values after the last column were ignored' },
    ]);
  });

  it('keeps people whose e-mail value is not an address, without it, with a warning each', async () => {
    const { batches, stats } = await readAll(DAMAGED_FILES.invalidEmails());
    const people = byFirstName(batches);
    expect(people.get('Ana')?.[5]).toBe('ana@example.com');
    expect([people.get('Ben')?.[5], people.get('Dan')?.[5]]).toEqual([null, null]);
    expect(stats).toMatchObject({ usable: 3, skipped: 0, warningCounts: { 'invalid-email': 2 } });
    expect(stats.warnings.map(({ line, kind }) => ({ line, kind }))).toEqual([
      { line: 6, kind: 'invalid-email' },
      { line: 7, kind: 'invalid-email' },
    ]);
  });

  it('refuses a header naming a column twice, naming it, before any row is read', async () => {
    const failure = await failureOf(DAMAGED_FILES.duplicateColumn());
    expect(failure).toMatchObject({ code: 'DUPLICATE_COLUMN' });
    expect(failure.message).toContain('The header row has the column "Company" twice (columns 5 and 8)');
  });

  it('skips and reports the row holding NUL bytes, importing the rest', async () => {
    const { batches, stats } = await readAll(DAMAGED_FILES.nulInFields());
    expect([...byFirstName(batches).keys()]).toEqual(['Ana', 'Chloé']);
    expect(stats.skippedRows).toEqual([
      { line: 6, reason: expect.stringContaining('Contains NUL characters') },
    ]);
  });

  it('ignores a trailing run of NUL bytes (a truncated download)', async () => {
    const { batches, stats } = await readAll(DAMAGED_FILES.trailingNuls());
    expect([...byFirstName(batches).keys()]).toEqual(['Ana', 'Chloé']);
    expect(stats).toMatchObject({ rowsRead: 2, usable: 2, skipped: 0 });
  });

  it('reports at most 100 warnings, counting them all', async () => {
    const rows = Array.from({ length: 130 }, () => buildExportRow({ email: 'n/a' }));
    const { stats } = await readAll(buildLinkedInCsv(rows));
    expect(stats.warnings).toHaveLength(100);
    expect(stats.warningCounts['invalid-email']).toBe(130);
  });
});

describe('readConnectionBatches on files that cannot be used', () => {
  it.each<[BadFileKind, string, string]>([
    ['empty', 'EMPTY_FILE', 'The file is empty.'],
    ['headerOnly', 'NO_ROWS', 'The file has a header but no connections.'],
    ['wrongDelimiter', 'WRONG_DELIMITER', 'This file separates its columns with semicolons.'],
    ['missingColumns', 'MISSING_COLUMNS', 'The header row is missing the Last Name column.'],
    ['binaryRenamed', 'BINARY_FILE', 'This file is not a text CSV file.'],
    ['invalidUtf8', 'INVALID_UTF8', 'unreadable characters near line 6'],
    ['unterminatedQuote', 'UNTERMINATED_QUOTE', 'A quoted field that starts on line 6 is never closed'],
    ['hugeField', 'NO_USABLE_ROWS', 'None of the connections could be imported: the only row had a problem.'],
  ])('refuses %s with %s', async (kind, code, message) => {
    const failure = await failureOf(BAD_FILES[kind]());
    expect(failure.code).toBe(code);
    expect(failure.message).toContain(message);
  });

  it('names the line of text after a closing quote, even deep in a big chunk', async () => {
    const csv = generateLinkedInCsv(3000) + '"Ana" Silva,x,,,,,\n';
    const failure = await failureOf(csv);
    expect(failure.code).toBe('MALFORMED_CSV');
    expect(failure.message).toContain('Line 3005 has text after a closing quote');
  });

  it('names the opening line of a quote never closed far from the end', async () => {
    const lines = generateLinkedInCsv(100).split('\n');
    lines.splice(10, 0, 'Ben,"Okafor,,,Acme,CTO,1 Jan 2020');
    const failure = await failureOf(lines.join('\n'));
    expect(failure).toMatchObject({ code: 'UNTERMINATED_QUOTE' });
    expect(failure.message).toContain('starts on line 11');
  });
});
