import type { Connection, NetworkData } from '@warmpath/contracts';
import { filterNetwork, type NetworkFilters } from '@warmpath/domain';
import { createContext, startTransition, useContext, useEffect, useMemo, useState } from 'react';
import { datasetInfo, networkDataClient, type NetworkView } from './network-data-client';
import { linkList } from './network-links';

/** The network the dashboard shows, for components deep inside it that search it (table, top bar). */
export const HeldNetworkContext = createContext<NetworkData | undefined>(undefined);

/**
 * The filtered network (docs/product.md#visibility-filters). A network read through the data worker
 * is filtered there and comes back as index lists; until the first answer this is null. Later
 * changes keep showing the previous answer until the new one arrives, so a toggle never blanks
 * the view. Anything else (a network built by hand) is filtered here. Answers render as a
 * transition, which React renders in slices that give way to input.
 */
export function useFilteredNetwork(
  data: NetworkData | undefined,
  filters: NetworkFilters,
): NetworkView | null {
  const isRemote = datasetInfo(data) !== undefined;
  const [answer, setAnswer] = useState<NetworkView | null>(null);
  const local = useMemo(() => {
    if (!data || isRemote) return null;
    const { relationships, ...view } = filterNetwork(data, filters);
    return { ...view, links: linkList(relationships) };
  }, [data, filters, isRemote]);

  useEffect(() => {
    if (!data || !isRemote) return;
    let isCurrent = true;
    networkDataClient()
      .view(data, filters)
      .then((view) => isCurrent && startTransition(() => setAnswer(view)))
      // A newer network replaced this one in the worker: its own answer follows.
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [data, filters, isRemote]);

  return isRemote ? answer : local;
}

type SearchKind = 'dashboard' | 'table';

/**
 * The people of `among` matching a search (libs/domain's rules for the top bar or the table), at
 * most `limit`: asked of the data worker for a network read through it, else worked out here.
 * While an answer is on its way the previous one stays.
 */
export function useNetworkSearch(
  among: readonly Connection[],
  search: SearchKind,
  query: string,
  limit: number,
  local: (among: readonly Connection[], query: string) => readonly Connection[],
): readonly Connection[] {
  const data = useContext(HeldNetworkContext);
  const isRemote = !!query.trim() && datasetInfo(data) !== undefined;
  const [answer, setAnswer] = useState<readonly Connection[]>([]);
  const sync = useMemo(() => (isRemote ? null : local(among, query)), [isRemote, local, among, query]);

  useEffect(() => {
    if (!isRemote || !data) return;
    let isCurrent = true;
    networkDataClient()
      .match(data, among, search, query, limit)
      .then((found) => isCurrent && startTransition(() => setAnswer(found)))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [isRemote, data, among, search, query, limit]);

  return sync ?? answer;
}
