import { skipToken } from '@reduxjs/toolkit/query';
import type { Connection } from '@warmpath/contracts';
import { useMemo } from 'react';
import { useListImportsQuery } from '../imports';
import type { NetworkSource } from '../network';
import { changedSinceLastImport, lastImportStart } from '@warmpath/domain';

/**
 * Your own network's people the latest import added or saw change job (issue 15), from the
 * imports list (GET /api/imports) and each person's createdAt and exportHistory. Null in a
 * workspace, and when the latest import was not a re-import.
 */
export function useChangedSinceLastImport(
  source: NetworkSource,
  connections: readonly Connection[] | undefined,
): { since: string; ids: ReadonlySet<string> } | null {
  const { data } = useListImportsQuery(source.kind === 'own' ? undefined : skipToken);
  const since = data ? lastImportStart(data.imports) : null;
  return useMemo(
    () => (since && connections ? { since, ids: changedSinceLastImport(connections, since) } : null),
    [since, connections],
  );
}
