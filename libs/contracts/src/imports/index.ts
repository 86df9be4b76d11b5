export * from './copy-text.js';
export * from './imports.schema.js';
export * from './network-import.schema.js';
export * from './import-changes.schema.js';
export * from './absent-removal.schema.js';
