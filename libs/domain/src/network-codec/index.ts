export * from './compact-network.js';
export * from './encode-network.js';
export * from './decode-network.js';
