import { describe, expect, it } from '@jest/globals';
import { inflateRawSync } from 'node:zlib';
import { buildXlsx, buildZip } from '../../test/build-xlsx.js';
import { readZipDirectory } from '../zip/zip-directory.js';
import { readTargetFile } from './read-target-file.js';
import { isTargetFileError } from './target-file-error.js';
import { parseSharedStrings, parseWorksheet } from './xlsx-sheet.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

async function errorOf(bytes: Uint8Array, options = {}): Promise<{ code: string; message: string }> {
  try {
    await readTargetFile(bytes, options);
  } catch (error) {
    if (isTargetFileError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the file was read');
}

describe('readTargetFile: CSV', () => {
  it('reads a UTF-8 CSV with a byte-order mark', async () => {
    const sheet = await readTargetFile(
      utf8('\uFEFFAccount Name,Website\nSociété Générale,societegenerale.com\n'),
    );
    expect(sheet.targets).toEqual([
      {
        kind: 'company',
        line: 2,
        name: 'Société Générale',
        domain: 'societegenerale.com',
        linkedinUrl: null,
      },
    ]);
  });

  it('reads a semicolon CSV saved by a spreadsheet', async () => {
    const sheet = await readTargetFile(utf8('Company;Domain\r\n"Acme; Inc.";acme.com\r\n'));
    expect(sheet.targets[0]).toMatchObject({ name: 'Acme; Inc.', domain: 'acme.com' });
  });

  it('reads a UTF-16 CSV (Excel\'s "Unicode text")', async () => {
    const text = '\uFEFFCompany\tWebsite\r\nØrsted\torsted.com\r\n';
    const bytes = new Uint8Array(Buffer.from(text, 'utf16le'));
    const sheet = await readTargetFile(bytes);
    expect(sheet.targets[0]).toMatchObject({ name: 'Ørsted', domain: 'orsted.com' });
  });

  it('reads a plain list without header, one company a line', async () => {
    const sheet = await readTargetFile(utf8('Acme\nGlobex\n'));
    expect(sheet.targets.map((target) => target.kind === 'company' && target.name)).toEqual([
      'Acme',
      'Globex',
    ]);
    expect(sheet.mapping.unsure).toBe(true);
  });
});

describe('readTargetFile: XLSX', () => {
  it("reads the first worksheet's shared strings and numbers, with Excel's row numbers", async () => {
    const bytes = buildXlsx([
      ['Targets for Q3'],
      [],
      ['Company', 'Employees', 'LinkedIn'],
      ['Acme & Sons', 250, 'linkedin.com/company/acme'],
      ['Globex', null, ''],
    ]);
    const sheet = await readTargetFile(bytes);
    expect(sheet.header).toEqual(['Company', 'Employees', 'LinkedIn']);
    expect(sheet.targets).toEqual([
      {
        kind: 'company',
        line: 4,
        name: 'Acme & Sons',
        domain: null,
        linkedinUrl: 'https://www.linkedin.com/company/acme',
      },
      { kind: 'company', line: 5, name: 'Globex', domain: null, linkedinUrl: null },
    ]);
  });

  it('reads with an inflater the caller gives (a server may use zlib)', async () => {
    const sheet = await readTargetFile(buildXlsx([['Company'], ['Acme']]), {
      inflateRaw: async (data: Uint8Array) => new Uint8Array(inflateRawSync(data)),
    });
    expect(sheet.targets).toHaveLength(1);
  });

  it('reads a ZIP64 workbook (ZIP64 end record, sizes and offsets in extra fields) as the same sheet', async () => {
    const rows = [
      ['Company', 'Website'],
      ['Acme & Sons', 'acme.com'],
      ['Globex', ''],
    ];
    const zip64 = buildXlsx(rows, [], { zip64: true });
    expect(new DataView(zip64.buffer).getUint32(zip64.length - 22 - 20 - 56, true)).toBe(0x06064b50);
    const plain = await readTargetFile(buildXlsx(rows));
    expect(await readTargetFile(zip64)).toEqual(plain);
    expect(await readTargetFile(buildXlsx(rows, [], { zip64: true, dataDescriptors: true }))).toEqual(plain);
    expect(plain.targets).toHaveLength(2);
  });

  it('refuses a ZIP64 archive whose records point nowhere as a damaged ZIP archive', async () => {
    const zip64 = buildXlsx([['Company'], ['Acme']], [], { zip64: true });
    const locator = zip64.length - 22 - 20;
    const lost = new Uint8Array(zip64);
    // The locator's offset of the ZIP64 end record, past the end of the file.
    new DataView(lost.buffer).setBigUint64(locator + 8, BigInt(zip64.length + 100), true);
    const noLocator = new Uint8Array(zip64);
    noLocator[locator] = 0;
    expect(await errorOf(lost)).toMatchObject({
      code: 'UNSUPPORTED_FILE',
      message: expect.stringContaining('a damaged ZIP archive (its ZIP64 locator points outside the file)'),
    });
    expect((await errorOf(noLocator)).message).toContain(
      'a damaged ZIP archive (its end record refers to a ZIP64 end record that is missing)',
    );
  });

  it("refuses a workbook whose part's local header is not where the directory says, naming the part", async () => {
    const workbook = buildXlsx([['Company'], ['Acme']]);
    const broken = new Uint8Array(workbook);
    // The local header of xl/workbook.xml loses its signature.
    const part = readZipDirectory(workbook, 100)?.find((entry) => entry.name === 'xl/workbook.xml');
    broken[part?.localOffset ?? 0] = 0;
    expect(await errorOf(broken)).toMatchObject({
      code: 'UNREADABLE_WORKBOOK',
      message: expect.stringContaining('it is damaged: the local header of workbook.xml is missing'),
    });
  });

  it('reads inline strings, rich text, entities, booleans and skipped cells', () => {
    const shared = parseSharedStrings(
      '<sst><si><r><t>Acme </t></r><r><t>&amp; Co</t></r><rPh><t>アクメ</t></rPh></si><si><t/></si></sst>',
    );
    expect(shared).toEqual(['Acme & Co', '']);
    const rows = parseWorksheet(
      '<sheetData><row r="3"><c r="A3" t="s"><v>0</v></c><c r="C3" t="inlineStr"><is><t>L&apos;Or&#233;al_x000D_</t></is></c><c r="D3" t="b"><v>1</v></c></row><row r="4"/></sheetData>',
      shared,
    );
    expect(rows).toEqual([
      { line: 3, cells: ['Acme & Co', '', "L'Oréal\r", 'TRUE'] },
      { line: 4, cells: [] },
    ]);
  });
});

describe('readTargetFile: refusals', () => {
  it('refuses a file over 5 MB before reading it', async () => {
    const error = await errorOf(new Uint8Array(5 * 1024 * 1024 + 1));
    expect(error.code).toBe('FILE_TOO_LARGE');
    expect(error.message).toContain('5.0 MB');
  });

  it('refuses an empty file, and one of blank lines', async () => {
    expect((await errorOf(new Uint8Array(0))).code).toBe('EMPTY_FILE');
    expect((await errorOf(utf8(',,\n \n'))).code).toBe('EMPTY_FILE');
  });

  it('refuses what is neither CSV nor XLSX, saying what it is', async () => {
    expect(await errorOf(utf8('%PDF-1.7\n\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007'))).toMatchObject({
      code: 'UNSUPPORTED_FILE',
      message: expect.stringContaining('a PDF document'),
    });
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0, 0, 0]);
    expect((await errorOf(xls)).message).toContain('.xls');
    expect((await errorOf(buildZip([{ name: 'Connections.csv', data: 'a' }]))).message).toContain(
      'a ZIP archive',
    );
    const ods = buildZip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet' },
      { name: 'content.xml', data: '<x/>' },
    ]);
    expect((await errorOf(ods)).message).toContain('OpenDocument');
  });

  it('refuses a file with no recognisable column', async () => {
    expect((await errorOf(utf8('Title,Revenue\nCTO,3\n'))).code).toBe('NO_TARGET_COLUMN');
    expect(
      (
        await errorOf(
          buildXlsx([
            ['Title', 'Revenue'],
            ['CTO', 3],
          ]),
        )
      ).code,
    ).toBe('NO_TARGET_COLUMN');
  });

  it('refuses more than 5,000 rows, and takes 5,000', async () => {
    const rows = (n: number) =>
      utf8(`Company\n${Array.from({ length: n }, (_, i) => `Company ${i}`).join('\n')}\n`);
    expect((await readTargetFile(rows(5000))).targets).toHaveLength(5000);
    const error = await errorOf(rows(5001));
    expect(error.code).toBe('TOO_MANY_ROWS');
    expect(error.message).toContain('5,001 rows');
  });

  it('refuses text that is not UTF-8, with the line to look at', async () => {
    const bytes = new Uint8Array([...utf8('Company\nAcme\nSoci'), 0xe9, ...utf8('t\u00e9\n')]);
    expect(await errorOf(bytes)).toMatchObject({
      code: 'INVALID_UTF8',
      message: expect.stringContaining('line 3'),
    });
  });

  it('refuses an unterminated quote', async () => {
    expect((await errorOf(utf8('Company\n"Acme\n'))).code).toBe('UNTERMINATED_QUOTE');
  });

  it('refuses a workbook without a worksheet, an encrypted part, or damaged data', async () => {
    const noSheet = buildZip([{ name: 'xl/workbook.xml', data: '<workbook><sheets/></workbook>' }]);
    expect(await errorOf(noSheet)).toMatchObject({
      code: 'UNREADABLE_WORKBOOK',
      message: expect.stringContaining('no worksheet'),
    });
    const encrypted = buildZip([{ name: 'xl/workbook.xml', data: '<workbook/>', flags: 1 }]);
    expect((await errorOf(encrypted)).message).toContain('encrypted');
    const damaged = buildXlsx([['Company'], ['Acme']]);
    const broken = new Uint8Array(damaged);
    // Garble the compressed bytes of the first parts (their local headers stay).
    for (let i = 60; i < 120; i++) broken[i] = 0xff;
    expect((await errorOf(broken)).code).toBe('UNREADABLE_WORKBOOK');
  });
});
