// The imports feature's public entry: what other features may import from it.
export { ImportConnectionsDialog } from './import-connections-dialog';
export { ImportDataDialog } from './import-data-dialog';
export { useListImportsQuery } from './imports.api';
export { useLinkedinReturn } from './linkedin-return';
