import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntryInput {
  name: string;
  data: Uint8Array | string;
  /** 'deflate' (the default, as LinkedIn's archive) or 'store'. */
  method?: 'deflate' | 'store';
  /** Sizes the headers claim instead of the real ones (a lying archive). */
  claimedSize?: number;
}

const u16 = (value: number): Buffer => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};
const u32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};

/**
 * A ZIP archive as a browser would upload it: local headers, data, central directory, end record
 * (no ZIP64, no data descriptors), built in memory for tests.
 */
export function buildZip(entries: readonly ZipEntryInput[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(
      typeof entry.data === 'string' ? new TextEncoder().encode(entry.data) : entry.data,
    );
    const deflate = (entry.method ?? 'deflate') === 'deflate';
    const body = deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.claimedSize ?? data.length;
    const fields = [u16(deflate ? 8 : 0), u16(0), u16(0x21), u32(crc32(data)), u32(body.length), u32(size)];
    const local = Buffer.concat([
      u32(0x04034b50),
      u16(20),
      u16(0x0800),
      ...fields,
      u16(name.length),
      u16(0),
      name,
    ]);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        u16(20),
        u16(0x0800),
        ...fields,
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
      ]),
    );
    locals.push(local, body);
    offset += local.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}
