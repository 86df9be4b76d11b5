// The filters feature's public entry: what other features may import from it.
export { FiltersSidebar } from './filters-sidebar';
export { useChangedSinceLastImport } from './use-changed-since-last-import';
export { useDashboardView } from './use-dashboard-view';
export { type GraphLayout, type ViewMode } from './view-params';
