// The export-share feature's public entry: what other features may import from it.
export { ExportMenu } from './export-menu';
export { ShareButton } from './share-button';
