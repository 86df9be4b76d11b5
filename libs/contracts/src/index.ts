export * from './ai/ai.schema.js';
export * from './auth/auth.schema.js';
export * from './bus/bus-contract.js';
export * from './errors/error-codes.js';
export * from './health/health.contract.js';
export * from './network/network.schema.js';
