import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { crc32 as zlibCrc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { crc32 } from './crc32.js';
import { readZipDirectory, type ZipEntry, zipEntryData, ZipFormatError } from './zip-directory.js';
import { type ZipPart, writeZip, type ZipWriterOptions } from './zip-writer.js';

const connections = 'Notes:\n"When exporting..."\n\nFirst Name,Last Name\nAna,Silva\n'.repeat(20);
const PARTS: ZipPart[] = [
  { name: 'Connections.csv', data: connections },
  { name: 'Profile.csv', data: 'First Name\nZoe\n', method: 'store' },
  { name: 'Rich_Media/', data: '' },
];
const zip = (options: Omit<ZipWriterOptions, 'deflateRaw'> = {}, parts = PARTS) =>
  writeZip(parts, { ...options, deflateRaw: (data) => deflateRawSync(data) });

const textOf = (bytes: Uint8Array, entry: ZipEntry): string => {
  const data = zipEntryData(bytes, entry);
  return Buffer.from(entry.method === 8 ? inflateRawSync(data) : data).toString('utf8');
};

const failureOf = (bytes: Uint8Array, maxEntries = 100): ZipFormatError => {
  try {
    readZipDirectory(bytes, maxEntries);
  } catch (error) {
    if (error instanceof ZipFormatError) return error;
    throw error;
  }
  throw new Error('expected the directory to be refused');
};

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
/** Where the n-th record with `signature` starts. */
const recordAt = (bytes: Uint8Array, signature: number, n = 0): number => {
  const view = viewOf(bytes);
  let found = -1;
  for (let at = 0; at + 4 <= bytes.length; at++)
    if (view.getUint32(at, true) === signature && ++found === n) return at;
  throw new Error('no such record');
};
const CENTRAL = 0x02014b50;
const ZIP64_END = 0x06064b50;
const LOCATOR = 0x07064b50;
const END = 0x06054b50;

describe('readZipDirectory', () => {
  it('reads the same entries from a plain archive, a ZIP64 one and one with data descriptors', () => {
    const plain = readZipDirectory(zip(), 100);
    const withoutOffsets = (entries: ZipEntry[] | null) =>
      entries?.map(({ localOffset: _, flags: __, ...rest }) => rest);
    expect(plain?.map((entry) => entry.name)).toEqual(['Connections.csv', 'Profile.csv', 'Rich_Media/']);
    expect(plain?.[0]).toMatchObject({ method: 8, size: connections.length, crc32: zlibCrc32(connections) });
    for (const options of [
      { zip64: true },
      { dataDescriptors: true },
      { zip64: true, dataDescriptors: true },
    ]) {
      const bytes = zip(options);
      const entries = readZipDirectory(bytes, 100);
      expect(withoutOffsets(entries)).toEqual(withoutOffsets(plain));
      expect(entries?.map((entry) => textOf(bytes, entry))).toEqual([connections, 'First Name\nZoe\n', '']);
    }
  });

  it('writes the ZIP64 records a ZIP64 archive has: saturated fields, extra fields, end record, locator', () => {
    const bytes = zip({ zip64: true });
    const view = viewOf(bytes);
    const end = bytes.length - 22;
    expect(view.getUint32(end + 16, true)).toBe(0xffffffff);
    expect(view.getUint16(end + 10, true)).toBe(0xffff);
    expect(view.getUint32(end - 20, true)).toBe(LOCATOR);
    expect(view.getUint32(end - 20 - 56, true)).toBe(ZIP64_END);
    const central = recordAt(bytes, CENTRAL);
    expect(view.getUint32(central + 20, true)).toBe(0xffffffff);
    expect(view.getUint16(central + 46 + 'Connections.csv'.length, true)).toBe(0x0001);
  });

  // Written by CPython 3.11's zipfile into a stream it cannot seek back in, each entry opened with
  // force_zip64=True (ZIP64 extra fields in the local headers, sizes in 64-bit data descriptors),
  // Connections.csv deflated and Profile.csv stored:
  //   with zipfile.ZipFile(unseekable, 'w') as z: z.open(info, 'w', force_zip64=True).write(data)
  it('reads an archive streamed by a real ZIP64 writer (Python zipfile, force_zip64)', () => {
    const bytes = new Uint8Array(
      readFileSync(new URL('./fixtures/python-zip64-streamed.zip', import.meta.url)),
    );
    const entries = readZipDirectory(bytes, 100) ?? [];
    expect(
      entries.map(({ name, method, flags }) => ({ name, method, descriptor: (flags & 8) === 8 })),
    ).toEqual([
      { name: 'Connections.csv', method: 8, descriptor: true },
      { name: 'Profile.csv', method: 0, descriptor: true },
    ]);
    const [csv, profile] = entries.map((entry) => textOf(bytes, entry));
    expect(csv).toMatch(/^Notes:\n/);
    expect(csv).toContain('Ana,Silva,https://www.linkedin.com/in/ana-silva');
    expect(profile).toBe('First Name,Last Name,Headline\nZoe,Owner,Founder\n');
    for (const [i, entry] of entries.entries())
      expect(entry.crc32).toBe(crc32(new TextEncoder().encode([csv, profile][i])));
  });

  it('has no directory for bytes without an end record (not an archive, or cut short)', () => {
    expect(readZipDirectory(new TextEncoder().encode('First Name,Last Name\n'), 100)).toBeNull();
    expect(readZipDirectory(zip().subarray(0, 60), 100)).toBeNull();
  });

  it('refuses a ZIP64 locator pointing outside the file, or to something else', () => {
    const outside = zip({ zip64: true });
    const locator = recordAt(outside, LOCATOR);
    viewOf(outside).setBigUint64(locator + 8, BigInt(outside.length + 100), true);
    expect(failureOf(outside)).toMatchObject({
      problem: 'damaged',
      message: 'its ZIP64 locator points outside the file',
    });
    const huge = zip({ zip64: true });
    viewOf(huge).setBigUint64(locator + 8, 2n ** 63n, true);
    expect(failureOf(huge).message).toBe('its ZIP64 locator points outside the file');
    const elsewhere = zip({ zip64: true });
    viewOf(elsewhere).setBigUint64(locator + 8, 0n, true);
    expect(failureOf(elsewhere).message).toBe('its ZIP64 locator does not point to a ZIP64 end record');
  });

  it('refuses a saturated end record without the ZIP64 end record it refers to', () => {
    const bytes = zip({ zip64: true });
    bytes[recordAt(bytes, LOCATOR)] = 0;
    expect(failureOf(bytes)).toMatchObject({
      problem: 'damaged',
      message: 'its end record refers to a ZIP64 end record that is missing',
    });
  });

  it('refuses a ZIP64 end record whose numbers are too large, or whose directory lies outside the file', () => {
    const huge = zip({ zip64: true });
    viewOf(huge).setBigUint64(recordAt(huge, ZIP64_END) + 32, 2n ** 60n, true);
    expect(failureOf(huge, 2 ** 62).message).toBe('its ZIP64 end record holds numbers too large to be real');
    const outside = zip({ zip64: true });
    viewOf(outside).setBigUint64(recordAt(outside, ZIP64_END) + 48, BigInt(outside.length), true);
    expect(failureOf(outside).message).toBe('its central directory lies outside the file');
  });

  it('refuses an entry whose ZIP64 sizes are missing, cut short or too large, naming it', () => {
    const extraOf = (bytes: Uint8Array) => recordAt(bytes, CENTRAL) + 46 + 'Connections.csv'.length;
    const missing = zip({ zip64: true });
    viewOf(missing).setUint16(extraOf(missing), 0x9999, true);
    expect(failureOf(missing)).toMatchObject({
      problem: 'damaged',
      message: 'the ZIP64 sizes of Connections.csv are missing',
    });
    const short = zip({ zip64: true });
    viewOf(short).setUint16(extraOf(short) + 2, 16, true);
    expect(failureOf(short).message).toBe('the ZIP64 sizes of Connections.csv are cut short');
    const huge = zip({ zip64: true });
    viewOf(huge).setBigUint64(extraOf(huge) + 4, 2n ** 60n, true);
    expect(failureOf(huge).message).toBe('the ZIP64 sizes of Connections.csv are too large to be real');
  });

  it('refuses a damaged central directory, saying which entry', () => {
    const bytes = zip();
    bytes[recordAt(bytes, CENTRAL, 1)] = 0;
    expect(failureOf(bytes).message).toBe('its central directory is damaged (entry 2 of 3)');
  });

  it('refuses an archive split into several files as unsupported', () => {
    const bytes = zip();
    viewOf(bytes).setUint16(recordAt(bytes, END) + 4, 1, true);
    expect(failureOf(bytes)).toMatchObject({
      problem: 'unsupported',
      message: 'it is split into several files (a spanned archive)',
    });
    const zip64 = zip({ zip64: true });
    viewOf(zip64).setUint32(recordAt(zip64, LOCATOR) + 16, 3, true);
    expect(failureOf(zip64).problem).toBe('unsupported');
  });

  it('counts entries before reading them, ZIP64 or not', () => {
    for (const options of [{}, { zip64: true }])
      expect(failureOf(zip(options), 2)).toMatchObject({
        problem: 'too-many-entries',
        message: 'it holds more than 2 entries',
      });
  });
});

describe('zipEntryData', () => {
  it('refuses an entry whose local header is missing or whose data runs past the end', () => {
    const bytes = zip({ zip64: true });
    const [entry] = readZipDirectory(bytes, 100) ?? [];
    if (!entry) throw new Error('no entry');
    expect(() => zipEntryData(bytes, { ...entry, localOffset: 5 })).toThrow(
      new ZipFormatError('damaged', 'the local header of Connections.csv is missing'),
    );
    expect(() => zipEntryData(bytes, { ...entry, compressedSize: bytes.length })).toThrow(
      'Connections.csv is incomplete (its data runs past the end of the file)',
    );
  });
});

describe('crc32', () => {
  it("gives zlib's checksum, in one piece or continued", () => {
    const bytes = new TextEncoder().encode(connections);
    expect(crc32(bytes)).toBe(zlibCrc32(bytes));
    expect(crc32(bytes.subarray(100), crc32(bytes.subarray(0, 100)))).toBe(zlibCrc32(bytes));
    expect(crc32(new Uint8Array(0))).toBe(0);
  });
});
