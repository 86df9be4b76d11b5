// The explorer feature's public entry: what other features may import from it.
export { NetworkExplorer, type NetworkExplorerProps } from './network-explorer';
