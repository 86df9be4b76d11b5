export * from './compact-network.js';
export {
  compactJsonInSlices,
  compactJsonPieces,
  encodeNetwork,
  encodeNetworkInSlices,
  type EncodeOptions,
} from './encode-network.js';
export * from './decode-network.js';
