export * from './network/network.schema.js';
