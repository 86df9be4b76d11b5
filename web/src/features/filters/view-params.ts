import { DEFAULT_FILTERS, YEARS_RANGE_MAX, YEARS_RANGE_MIN, type NetworkFilters } from '@warmpath/domain';

export type ViewMode = 'graph' | 'table';
export type GraphLayout = 'force' | 'circular' | 'hierarchical';

/**
 * Everything a shared link restores (docs/product.md#graph-and-table): the filters, graph or table, the
 * layout and the person whose details are open. It lives in the URL, so the address bar is
 * always a deep link to what the user sees.
 */
export interface DashboardView {
  filters: NetworkFilters;
  mode: ViewMode;
  layout: GraphLayout;
  selectedId: string | null;
  /** "Changed since last import": highlighted in the graph, the only rows of the table. */
  changedOnly: boolean;
}

export const DEFAULT_VIEW: DashboardView = {
  filters: DEFAULT_FILTERS,
  mode: 'graph',
  layout: 'force',
  selectedId: null,
  changedOnly: false,
};

/** The query parameters this view owns; any other parameter is left as it was. */
const KEYS = [
  'view',
  'layout',
  'degrees',
  'years',
  'company',
  'industry',
  'location',
  'person',
  'changed',
  'talked',
] as const;
const LAYOUTS: readonly GraphLayout[] = ['force', 'circular', 'hierarchical'];

function parseDegrees(value: string | null): NetworkFilters['connectionTypes'] {
  if (value === null) return DEFAULT_FILTERS.connectionTypes;
  const on = new Set(value.split(',').map((part) => part.trim()));
  return { firstDegree: on.has('1'), secondDegree: on.has('2'), thirdDegree: on.has('3') };
}

function clampYears(value: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(YEARS_RANGE_MAX, Math.max(YEARS_RANGE_MIN, value));
}

function parseYears(value: string | null): readonly [number, number] {
  const match = value ? /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(value) : null;
  if (!match) return DEFAULT_FILTERS.yearsOfConnectionRange;
  return [clampYears(Number(match[1]), YEARS_RANGE_MIN), clampYears(Number(match[2]), YEARS_RANGE_MAX)];
}

export function parseViewParams(params: URLSearchParams): DashboardView {
  const layout = params.get('layout') as GraphLayout | null;
  return {
    filters: {
      connectionTypes: parseDegrees(params.get('degrees')),
      yearsOfConnectionRange: parseYears(params.get('years')),
      selectedCompanies: params.getAll('company').filter((company) => company.trim() !== ''),
      filteredByUserId: null,
      industry: params.get('industry') || null,
      location: params.get('location') || null,
      talkedRecently: params.get('talked') === '1',
    },
    mode: params.get('view') === 'table' ? 'table' : 'graph',
    layout: layout && LAYOUTS.includes(layout) ? layout : 'force',
    selectedId: params.get('person') || null,
    changedOnly: params.get('changed') === '1',
  };
}

function degreesValue({
  firstDegree,
  secondDegree,
  thirdDegree,
}: NetworkFilters['connectionTypes']): string | null {
  if (firstDegree && secondDegree && thirdDegree) return null;
  return [firstDegree && '1', secondDegree && '2', thirdDegree && '3'].filter(Boolean).join(',');
}

/** The view as query parameters on top of `base` (defaults are left out, so links stay short). */
export function writeViewParams(
  view: DashboardView,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  KEYS.forEach((key) => params.delete(key));
  const { filters } = view;
  if (view.mode === 'table') params.set('view', 'table');
  if (view.layout !== 'force') params.set('layout', view.layout);
  const degrees = degreesValue(filters.connectionTypes);
  if (degrees !== null) params.set('degrees', degrees);
  const [min, max] = filters.yearsOfConnectionRange;
  if (min !== YEARS_RANGE_MIN || max !== YEARS_RANGE_MAX) params.set('years', `${min}-${max}`);
  filters.selectedCompanies.forEach((company) => params.append('company', company));
  if (filters.industry) params.set('industry', filters.industry);
  if (filters.location) params.set('location', filters.location);
  if (filters.talkedRecently) params.set('talked', '1');
  if (view.selectedId) params.set('person', view.selectedId);
  if (view.changedOnly) params.set('changed', '1');
  return params;
}
