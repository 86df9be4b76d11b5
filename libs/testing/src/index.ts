// Test builders and fixtures shared by unit, integration and end-to-end tests and the benchmarks.
export * from './csv/csv-text.js';
export * from './csv/linkedin-export.js';
export * from './csv/generate-export.js';
export * from './csv/bad-files.js';
export * from './postgres/throwaway-database.js';
export * from './csv/damaged-files.js';
export * from './zip/build-zip.js';
export * from './redis/delete-keys.js';
export * from './redis/unreachable-redis.js';
export * from './imports/build-import-status.js';
export * from './archive/generate-archive.js';
