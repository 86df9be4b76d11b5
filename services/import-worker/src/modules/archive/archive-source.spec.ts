import { describe, expect, it } from '@jest/globals';
import { buildExportRow, buildLinkedInCsv, buildZip, generateLinkedInCsv } from '@warmpath/testing';
import { newReadStats, readConnectionBatches } from '../csv/read-connections.js';
import { connectionsSource, openUpload } from './archive-source.js';
import { readUploadPastEmployers } from './past-employers.reader.js';
import { ARCHIVE_LIMITS } from './zip-directory.js';

async function* chunked(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function chunksOf(source: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return chunks;
}

async function textOf(bytes: Uint8Array, fileName = 'Basic_LinkedInDataExport.zip', limits = ARCHIVE_LIMITS) {
  const chunks = await chunksOf(await connectionsSource(chunked(bytes), fileName, limits));
  return Buffer.concat(chunks).toString('utf8');
}

async function failureOf(bytes: Uint8Array, fileName = 'export.zip', limits = ARCHIVE_LIMITS) {
  try {
    await textOf(bytes, fileName, limits);
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected the archive to be refused');
}

const connections = buildLinkedInCsv([
  buildExportRow({ firstName: 'Ana' }),
  buildExportRow({ firstName: 'Ben' }),
]);
/** What LinkedIn's "Basic" archive holds beside Connections.csv. */
const OTHER_FILES = [
  { name: 'Profile.csv', data: 'First Name,Last Name\nAna,Silva\n' },
  { name: 'messages.csv', data: 'FROM,TO,CONTENT\nx,y,private\n' },
  { name: 'Rich_Media/', data: '' },
];

describe('connectionsSource', () => {
  it('passes a CSV upload through unchanged, chunk by chunk', async () => {
    const bytes = new TextEncoder().encode(generateLinkedInCsv(2000));
    const chunks = await chunksOf(await connectionsSource(chunked(bytes, 1000), 'Connections.csv'));
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(Buffer.from(bytes))).toBe(true);
  });

  it("reads Connections.csv out of LinkedIn's archive and nothing else", async () => {
    const zip = buildZip([...OTHER_FILES, { name: 'Connections.csv', data: connections }]);
    expect(await textOf(zip)).toBe(connections);
  });

  it('finds Connections.csv in a folder, whatever its case, stored or deflated', async () => {
    expect(
      await textOf(buildZip([{ name: 'export/connections.CSV', data: connections, method: 'store' }])),
    ).toBe(connections);
  });

  it('streams the unpacked file in pieces rather than whole', async () => {
    const csv = generateLinkedInCsv(20_000);
    const zip = buildZip([{ name: 'Connections.csv', data: csv }]);
    const chunks = await chunksOf(await connectionsSource(chunked(zip), 'export.zip'));
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(64 * 1024);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(csv);
  });

  it('says so when the archive has no Connections.csv', async () => {
    expect(await failureOf(buildZip(OTHER_FILES))).toEqual(
      expect.objectContaining({
        code: 'ARCHIVE_WITHOUT_CONNECTIONS',
        message:
          'This ZIP archive has no Connections.csv. Upload the archive LinkedIn sent you (it holds Connections.csv), or the Connections.csv file itself.',
      }),
    );
  });

  it('never opens an archive inside the archive', async () => {
    const inner = buildZip([{ name: 'Connections.csv', data: connections }]);
    const failure = await failureOf(buildZip([{ name: 'nested/Export.zip', data: inner }]));
    expect(failure.code).toBe('ARCHIVE_WITHOUT_CONNECTIONS');
  });

  it('hands a Connections.csv that is itself an archive to the CSV reader, which refuses it as binary', async () => {
    const inner = buildZip([{ name: 'Connections.csv', data: connections }]);
    const source = await connectionsSource(
      chunked(buildZip([{ name: 'Connections.csv', data: inner }])),
      'a.zip',
    );
    const read = async () => {
      for await (const batch of readConnectionBatches(source, { stats: newReadStats(), now: new Date() }))
        void batch;
    };
    await expect(read()).rejects.toMatchObject({ code: 'BINARY_FILE' });
  });

  it('refuses a zip bomb by its compression ratio before unpacking it', async () => {
    const bomb = buildZip([{ name: 'Connections.csv', data: new Uint8Array(20 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await failureOf(bomb)).toEqual(
      expect.objectContaining({
        code: 'ARCHIVE_TOO_LARGE',
        message:
          'This ZIP archive cannot be read safely: Connections.csv is compressed more than 100 times, as no real export is. Unzip it and upload the Connections.csv file from it instead.',
      }),
    );
  });

  it('stops unpacking a bomb whose directory lies about its size', async () => {
    const liar = buildZip([
      { name: 'Connections.csv', data: new Uint8Array(5 * 1024 * 1024), claimedSize: 1000 },
    ]);
    expect((await failureOf(liar)).message).toContain('Connections.csv unpacks to more than it claims');
  });

  it('refuses a file that would unpack past the per-file limit', async () => {
    const limits = { ...ARCHIVE_LIMITS, entryBytes: 1000 };
    const zip = buildZip([{ name: 'Connections.csv', data: connections.repeat(20) }]);
    expect((await failureOf(zip, 'a.zip', limits)).message).toContain(
      'Connections.csv would unpack to more than 0 MB',
    );
  });

  it('refuses an archive with too many entries, and one too large to hold', async () => {
    const many = buildZip(Array.from({ length: 5 }, (_, i) => ({ name: `f${i}.csv`, data: 'x' })));
    expect((await failureOf(many, 'a.zip', { ...ARCHIVE_LIMITS, entries: 4 })).message).toContain(
      'it holds more than 4 files',
    );
    const zip = buildZip([{ name: 'Connections.csv', data: generateLinkedInCsv(3000), method: 'store' }]);
    expect((await failureOf(zip, 'a.zip', { ...ARCHIVE_LIMITS, archiveBytes: 100_000 })).code).toBe(
      'ARCHIVE_TOO_LARGE',
    );
  });

  it('refuses a damaged archive: as an archive when named .zip, as a binary file otherwise', async () => {
    const truncated = buildZip([{ name: 'Connections.csv', data: connections }]).subarray(0, 60);
    expect((await failureOf(truncated, 'export.zip')).code).toBe('ARCHIVE_UNREADABLE');
    expect((await failureOf(truncated, 'Connections.csv')).code).toBe('BINARY_FILE');
  });

  it('refuses a workbook as a binary file, as before archives were read', async () => {
    const xlsx = buildZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/workbook.xml', data: '<workbook/>' },
    ]);
    expect((await failureOf(xlsx, 'Connections.xlsx')).code).toBe('BINARY_FILE');
  });

  it('refuses an archive whose data does not match its checksum', async () => {
    const zip = buildZip([{ name: 'Connections.csv', data: connections, method: 'store' }]);
    const damaged = Uint8Array.from(zip);
    damaged[60] = damaged[60] === 0x41 ? 0x42 : 0x41;
    expect((await failureOf(damaged)).message).toBe(
      'This ZIP archive cannot be read: it is damaged. Unzip it and upload the Connections.csv file from it instead.',
    );
  });
});

describe("openUpload: the member's job history (Positions.csv)", () => {
  const positions =
    'Company Name,Title,Description,Location,Started On,Finished On\nGlobex Inc.,Engineer,,,Jan 2019,Feb 2024\nInitech,CTO,,,Mar 2024,\n';
  const noErrors = (error: unknown) => {
    throw error;
  };

  it('reads the company keys of Positions.csv beside Connections.csv', async () => {
    const zip = buildZip([
      { name: 'Connections.csv', data: connections },
      { name: 'Positions.csv', data: positions },
    ]);
    const opened = await openUpload(chunked(zip), 'export.zip');
    expect(Buffer.concat(await chunksOf(opened.connections)).toString('utf8')).toBe(connections);
    expect(await readUploadPastEmployers(opened, noErrors)).toEqual(['globex', 'initech']);
  });

  it('has no job history for a CSV upload or an archive without Positions.csv', async () => {
    const csv = await openUpload(chunked(new TextEncoder().encode(connections)), 'Connections.csv');
    expect(await readUploadPastEmployers(csv, noErrors)).toBeNull();
    const zip = await openUpload(
      chunked(buildZip([{ name: 'Connections.csv', data: connections }])),
      'a.zip',
    );
    expect(await readUploadPastEmployers(zip, noErrors)).toBeNull();
  });

  it('ignores a Positions.csv past its limit instead of failing the import, and says why', async () => {
    const big = buildZip([
      { name: 'Connections.csv', data: connections },
      { name: 'Positions.csv', data: positions + 'Acme,x\n'.repeat(300_000) },
    ]);
    const errors: unknown[] = [];
    const opened = await openUpload(chunked(big), 'export.zip');
    expect(await readUploadPastEmployers(opened, (error) => errors.push(error))).toBeNull();
    expect(errors).toEqual([expect.objectContaining({ code: 'ARCHIVE_TOO_LARGE' })]);
  });
});
