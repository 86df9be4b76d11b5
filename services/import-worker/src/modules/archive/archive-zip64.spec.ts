import { describe, expect, it } from '@jest/globals';
import type { StagedRow } from '@warmpath/contracts';
import { buildZip, generateArchive, type BuildZipOptions } from '@warmpath/testing';
import { readFileSync } from 'node:fs';
import { newReadStats, readConnectionBatches } from '../csv/read-connections.js';
import { readSignalsInProcess } from '../signals/signals-reader.js';
import { openUpload } from './archive-source.js';
import { readUploadPastEmployers } from './past-employers.reader.js';

// ZIP64 archives (docs/import.md "The LinkedIn archive"): large exports, archives re-zipped by
// macOS or Windows tools and streaming zippers write ZIP64 records and data descriptors.

const NOW = new Date('2026-11-27T00:00:00Z');

async function* chunked(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** What an import of the upload takes from it: people, read stats, past employers, signals. */
async function importOf(bytes: Uint8Array, fileName = 'Complete_LinkedInDataExport.zip') {
  const upload = await openUpload(chunked(bytes), fileName);
  const stats = newReadStats();
  const people: StagedRow[] = [];
  for await (const batch of readConnectionBatches(upload.connections, { stats, now: NOW }))
    people.push(...batch);
  const pastEmployers = await readUploadPastEmployers(upload, (error) => {
    throw error;
  });
  const signals = await readSignalsInProcess(upload.signalFiles);
  return { people, stats, pastEmployers, signals };
}

async function failureOf(bytes: Uint8Array, fileName = 'export.zip') {
  try {
    await importOf(bytes, fileName);
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected the archive to be refused');
}

const message = (why: string) =>
  `This ZIP archive cannot be read: ${why}. Unzip it and upload the Connections.csv file from it instead.`;

/** The records to damage, found by their signature. */
const recordAt = (bytes: Uint8Array, signature: number): number => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = bytes.length - 4; at >= 0; at--) if (view.getUint32(at, true) === signature) return at;
  throw new Error('no such record');
};

describe('a ZIP64 LinkedIn archive', () => {
  const generated = generateArchive({ connections: 200, messages: 300, seed: 11 });
  const positions =
    'Company Name,Title,Description,Location,Started On,Finished On\nGlobex Inc.,Engineer,,,Jan 2019,Feb 2024\n';
  const archive = { files: [...generated.files, { name: 'Positions.csv', data: positions }] };

  it('imports the same people, past employers and signals as the plain archive', async () => {
    const plain = await importOf(buildZip(archive.files));
    expect(plain.people).toHaveLength(200);
    expect(plain.pastEmployers?.length).toBeGreaterThan(0);
    expect(plain.signals.people.length).toBeGreaterThan(0);
    expect(plain.signals.files.messages).toBeGreaterThan(0);
    const shapes: BuildZipOptions[] = [
      { zip64: true },
      { dataDescriptors: true },
      { zip64: true, dataDescriptors: true },
    ];
    for (const options of shapes) {
      const stored = archive.files.map((file) => ({ ...file, method: 'store' as const }));
      expect(await importOf(buildZip(archive.files, options))).toEqual(plain);
      expect(await importOf(buildZip(stored, options))).toEqual(plain);
    }
    // Seven reads of an archive of messages: seconds on a loaded machine.
  }, 30_000);

  // Written by Info-ZIP's zip 3.0 with ZIP64 forced, from a Connections.csv with LinkedIn's
  // "Notes:" preamble and four people, and a Profile.csv:
  //   zip -fz -X linkedin-zip64.zip Connections.csv Profile.csv
  // It has a ZIP64 end record and locator, an end record whose directory offset is 0xffffffff,
  // and each entry's size in a ZIP64 extra field.
  it('imports an archive zipped by a real ZIP64 writer (Info-ZIP zip -fz) as the plain archive', async () => {
    const fixture = new Uint8Array(readFileSync(new URL('./fixtures/linkedin-zip64.zip', import.meta.url)));
    const view = new DataView(fixture.buffer);
    expect(view.getUint32(fixture.length - 22 - 20 - 56, true)).toBe(0x06064b50);
    const real = await importOf(fixture);
    const upload = await openUpload(chunked(fixture), 'export.zip');
    const chunks: Uint8Array[] = [];
    for await (const chunk of upload.connections) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toMatch(/^Notes:\n/);
    expect(real.people.map((row) => row.slice(3, 5))).toEqual([
      ['Ana', 'Silva'],
      ['Ben', 'Okafor'],
      ['Chloé', 'Martin'],
      ['Dev', 'Patel'],
    ]);
    expect(real).toEqual(await importOf(buildZip([{ name: 'Connections.csv', data: text }])));
  });
});

describe('a ZIP64 archive that cannot be read', () => {
  const zip64 = () =>
    buildZip(
      [
        { name: 'Profile.csv', data: 'First Name\nZoe\n' },
        { name: 'Connections.csv', data: 'First Name,Last Name\nAna,Silva\n' },
      ],
      { zip64: true },
    );

  it('is refused when its ZIP64 locator points outside the file', async () => {
    const bytes = zip64();
    new DataView(bytes.buffer).setBigUint64(recordAt(bytes, 0x07064b50) + 8, BigInt(bytes.length * 2), true);
    expect(await failureOf(bytes)).toMatchObject({
      code: 'ARCHIVE_UNREADABLE',
      message: message('its ZIP64 locator points outside the file'),
    });
  });

  it('is refused when its end record is saturated and the ZIP64 end record is gone', async () => {
    const bytes = zip64();
    bytes[recordAt(bytes, 0x07064b50)] = 0;
    expect((await failureOf(bytes)).message).toBe(
      message('its end record refers to a ZIP64 end record that is missing'),
    );
  });

  it("is refused, naming the entry, when an entry's ZIP64 sizes are missing", async () => {
    const bytes = zip64();
    const central = recordAt(bytes, 0x02014b50);
    new DataView(bytes.buffer).setUint16(central + 46 + 'Connections.csv'.length, 0x9999, true);
    expect(await failureOf(bytes)).toMatchObject({
      code: 'ARCHIVE_UNREADABLE',
      message: message('the ZIP64 sizes of Connections.csv are missing'),
    });
  });

  it('is refused when an entry points to a local header that is not there', async () => {
    const bytes = zip64();
    const central = recordAt(bytes, 0x02014b50);
    const extra = central + 46 + 'Connections.csv'.length;
    new DataView(bytes.buffer).setBigUint64(extra + 4 + 16, 3n, true);
    expect((await failureOf(bytes)).message).toBe(message('the local header of Connections.csv is missing'));
  });

  it('is refused when it is split into several files', async () => {
    const bytes = zip64();
    new DataView(bytes.buffer).setUint32(recordAt(bytes, 0x07064b50) + 16, 2, true);
    expect(await failureOf(bytes)).toMatchObject({
      code: 'ARCHIVE_UNREADABLE',
      message: message('it is split into several files (a spanned archive)'),
    });
  });

  it('is a binary file, as any damaged archive, when it was not named .zip', async () => {
    const bytes = zip64();
    new DataView(bytes.buffer).setBigUint64(recordAt(bytes, 0x07064b50) + 8, BigInt(bytes.length * 2), true);
    expect((await failureOf(bytes, 'Connections.csv')).code).toBe('BINARY_FILE');
  });
});
