// The target lists feature's public entry: what other features and the routes may import from it.
export { TargetListsPage } from './target-lists-page';
export { TargetResultsPage } from './target-results-page';
