import { crc32 } from './crc32.js';

// A small ZIP writer for tests and fixtures (the domain's specs and libs/testing's buildZip), kept
// beside the reader so both test libraries share it (docs/import.md "The LinkedIn archive"). No
// Node API: the caller passes a raw DEFLATE function (zlib's deflateRawSync in Node).

export interface ZipPart {
  name: string;
  data: string | Uint8Array;
  /** 'deflate' (the default, as LinkedIn's archive) or 'store'. */
  method?: 'deflate' | 'store';
  /** General-purpose flags added to the entry's (1: encrypted). */
  flags?: number;
  /** The uncompressed size the records claim instead of the real one (a lying archive). */
  claimedSize?: number;
}

export interface ZipWriterOptions {
  /** Raw DEFLATE (no zlib header); needed when a part is deflated. */
  deflateRaw?: (data: Uint8Array) => Uint8Array;
  /**
   * ZIP64 as streaming writers emit it even for small files: every entry's sizes and offset in a
   * ZIP64 extra field (the 32-bit fields at 0xffffffff), and a ZIP64 end record and locator
   * before an end record whose count, size and offset are saturated.
   */
  zip64?: boolean;
  /**
   * Sizes and checksum after the data, as a writer that cannot seek back does: flag 8, zeros in
   * the local header, a signed data descriptor (64-bit sizes with zip64).
   */
  dataDescriptors?: boolean;
}

class Bytes {
  private readonly parts: Uint8Array[] = [];
  length = 0;
  u16(value: number): this {
    return this.raw(new Uint8Array([value & 0xff, (value >>> 8) & 0xff]));
  }
  u32(value: number): this {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, value >>> 0, true);
    return this.raw(bytes);
  }
  u64(value: number): this {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setBigUint64(0, BigInt(value), true);
    return this.raw(bytes);
  }
  raw(bytes: Uint8Array): this {
    this.parts.push(bytes);
    this.length += bytes.length;
    return this;
  }
  concat(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

const SATURATED = 0xffffffff;

/** A ZIP archive built in memory: local headers, data, central directory, end records. */
export function writeZip(parts: readonly ZipPart[], options: ZipWriterOptions = {}): Uint8Array {
  const zip64 = options.zip64 ?? false;
  const descriptors = options.dataDescriptors ?? false;
  const version = zip64 ? 45 : 20;
  const out = new Bytes();
  const central = new Bytes();
  for (const part of parts) {
    const data = typeof part.data === 'string' ? new TextEncoder().encode(part.data) : part.data;
    const deflate = (part.method ?? 'deflate') === 'deflate';
    if (deflate && !options.deflateRaw) throw new Error('writeZip: a deflated part needs options.deflateRaw');
    const body = deflate && options.deflateRaw ? options.deflateRaw(data) : data;
    const name = new TextEncoder().encode(part.name);
    const size = part.claimedSize ?? data.length;
    const crc = crc32(data);
    const offset = out.length;
    const flags = (part.flags ?? 0) | 0x0800 | (descriptors ? 8 : 0);
    const sized = (value: number) => (zip64 ? SATURATED : value);
    // The local header: zeros where a data descriptor follows.
    const localSizes = descriptors ? [0, 0] : [body.length, size];
    out
      .u32(0x04034b50)
      .u16(version)
      .u16(flags)
      .u16(deflate ? 8 : 0)
      .u16(0)
      .u16(0x21);
    out
      .u32(descriptors ? 0 : crc)
      .u32(sized(localSizes[0] as number))
      .u32(sized(localSizes[1] as number));
    out
      .u16(name.length)
      .u16(zip64 ? 20 : 0)
      .raw(name);
    if (zip64)
      out
        .u16(1)
        .u16(16)
        .u64(localSizes[1] as number)
        .u64(localSizes[0] as number);
    out.raw(body);
    if (descriptors) {
      out.u32(0x08074b50).u32(crc);
      if (zip64) out.u64(body.length).u64(size);
      else out.u32(body.length).u32(size);
    }
    central
      .u32(0x02014b50)
      .u16(version)
      .u16(version)
      .u16(flags)
      .u16(deflate ? 8 : 0)
      .u16(0)
      .u16(0x21);
    central.u32(crc).u32(sized(body.length)).u32(sized(size));
    central
      .u16(name.length)
      .u16(zip64 ? 28 : 0)
      .u16(0)
      .u16(0)
      .u16(0)
      .u32(0)
      .u32(sized(offset))
      .raw(name);
    // ZIP64 extra field: size, compressed size, then the local header's offset.
    if (zip64) central.u16(1).u16(24).u64(size).u64(body.length).u64(offset);
  }
  const directoryOffset = out.length;
  out.raw(central.concat());
  if (zip64) {
    const record = out.length;
    out.u32(0x06064b50).u64(44).u16(45).u16(45).u32(0).u32(0);
    out.u64(parts.length).u64(parts.length).u64(central.length).u64(directoryOffset);
    out.u32(0x07064b50).u32(0).u64(record).u32(1);
  }
  const count = zip64 ? 0xffff : parts.length;
  out.u32(0x06054b50).u16(0).u16(0).u16(count).u16(count);
  out
    .u32(zip64 ? SATURATED : central.length)
    .u32(zip64 ? SATURATED : directoryOffset)
    .u16(0);
  return out.concat();
}
