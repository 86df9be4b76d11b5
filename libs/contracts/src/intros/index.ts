export * from './intros.schema.js';
export * from './intros.contract.js';
