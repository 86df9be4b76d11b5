// ZIP archives (docs/import.md "The LinkedIn archive"): one directory reader for uploads and
// workbooks, and the writer the tests build archives with.
export * from './zip-directory.js';
export * from './zip-writer.js';
export { crc32 } from './crc32.js';
