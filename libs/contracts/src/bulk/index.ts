export * from './bulk.schema.js';
export * from './bulk.contract.js';
