import type { NetworkFilters } from '@warmpath/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_VIEW, parseViewParams, writeViewParams, type DashboardView } from './view-params';

/**
 * The dashboard's view (filters, mode, layout, open person), kept in the URL: a reload or a
 * shared link lands on the same view. Changes replace the history entry, so Back leaves the page.
 */
export function useDashboardView() {
  const [params, setParams] = useSearchParams();
  const parsed = useMemo(() => parseViewParams(params), [params]);
  // The filters keep their identity while only other parts of the URL change (opening a person,
  // switching to the table), so the filtered network and the graph are not rebuilt for nothing.
  const filtersKey = writeViewParams({ ...DEFAULT_VIEW, filters: parsed.filters }).toString();
  const filters = useMemo(() => parseViewParams(new URLSearchParams(filtersKey)).filters, [filtersKey]);
  const view = useMemo<DashboardView>(() => ({ ...parsed, filters }), [parsed, filters]);

  const update = useCallback(
    (patch: Partial<DashboardView>) =>
      setParams((previous) => writeViewParams({ ...parseViewParams(previous), ...patch }, previous), { replace: true }),
    [setParams],
  );

  const updateFilters = useCallback(
    (patch: Partial<NetworkFilters>) =>
      setParams(
        (previous) => {
          const current = parseViewParams(previous);
          return writeViewParams({ ...current, filters: { ...current.filters, ...patch } }, previous);
        },
        { replace: true },
      ),
    [setParams],
  );

  return { view, update, updateFilters };
}
