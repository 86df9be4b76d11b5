// The connection-details feature's public entry: what other features may import from it.
export { ConnectionDetailsPanel, type WorkspaceContext } from './connection-details-panel';
