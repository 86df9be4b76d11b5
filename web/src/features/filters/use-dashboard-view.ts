import type { NetworkFilters } from '@warmpath/domain';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_VIEW, parseViewParams, writeViewParams, type DashboardView } from './view-params';

/**
 * The query string this page last asked for. The router commits navigations in a transition, so
 * two quick changes (pick a person, then the table) could otherwise each start from the same
 * rendered URL and the second would undo the first.
 */
function useLatestParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const committed = params.toString();
    const index = pending.current.indexOf(committed);
    if (index >= 0) pending.current = pending.current.slice(index + 1);
    else {
      // Changed from outside (back button, a link): that is the new starting point.
      pending.current = [];
      latest.current = params;
    }
  }, [params]);

  const change = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams) => {
      const updated = next(latest.current);
      latest.current = updated;
      pending.current.push(updated.toString());
      setParams(updated, { replace: true });
    },
    [setParams],
  );
  return [params, change] as const;
}

/**
 * The dashboard's view (filters, mode, layout, open person), kept in the URL: a reload or a
 * shared link lands on the same view. Changes replace the history entry, so Back leaves the page.
 */
export function useDashboardView() {
  const [params, change] = useLatestParams();
  const parsed = useMemo(() => parseViewParams(params), [params]);
  // The filters keep their identity while only other parts of the URL change (opening a person,
  // switching to the table), so the filtered network and the graph are not rebuilt for nothing.
  const filtersKey = writeViewParams({ ...DEFAULT_VIEW, filters: parsed.filters }).toString();
  const filters = useMemo(() => parseViewParams(new URLSearchParams(filtersKey)).filters, [filtersKey]);
  const view = useMemo<DashboardView>(() => ({ ...parsed, filters }), [parsed, filters]);

  const update = useCallback(
    (patch: Partial<DashboardView>) =>
      change((current) => writeViewParams({ ...parseViewParams(current), ...patch }, current)),
    [change],
  );

  const updateFilters = useCallback(
    (patch: Partial<NetworkFilters>) =>
      change((current) => {
        const view = parseViewParams(current);
        return writeViewParams({ ...view, filters: { ...view.filters, ...patch } }, current);
      }),
    [change],
  );

  return { view, update, updateFilters };
}
