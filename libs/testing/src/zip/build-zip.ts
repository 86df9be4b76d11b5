import { writeZip, type ZipPart, type ZipWriterOptions } from '@warmpath/domain';
import { deflateRawSync } from 'node:zlib';

/** A file of an archive: its name, its data, 'deflate' (the default) or 'store', a size it lies about. */
export type ZipEntryInput = ZipPart;

/** ZIP64 records and data descriptors, as large or streamed archives have them. */
export type BuildZipOptions = Omit<ZipWriterOptions, 'deflateRaw'>;

/**
 * A ZIP archive as a browser would upload it, built in memory for tests with the domain's writer
 * (the one the domain's specs use, docs/import.md "The LinkedIn archive"): plain by default, ZIP64
 * and with data descriptors on request.
 */
export function buildZip(entries: readonly ZipEntryInput[], options: BuildZipOptions = {}): Uint8Array {
  return writeZip(entries, { ...options, deflateRaw: (data) => deflateRawSync(data) });
}
