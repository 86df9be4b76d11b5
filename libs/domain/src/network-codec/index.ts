export * from './compact-network.js';
export {
  compactJsonInSlices,
  encodeNetwork,
  encodeNetworkInSlices,
  type EncodeOptions,
} from './encode-network.js';
export * from './decode-network.js';
