import { WORKSPACE_ID } from '@warmpath/contracts';
import { useParams } from 'react-router';

/** Whose lists: your own (`teamId` null, "My network") or a workspace's (docs/targets.md#web). */
export interface TargetScope {
  teamId: number | null;
}

export interface TargetListRef extends TargetScope {
  listId: string;
}

/** The API's `{base}` (docs/targets.md#routes), without the leading slash (RTK Query's base URL has it). */
export function targetsApiBase({ teamId }: TargetScope): string {
  return teamId === null ? 'api/target-lists' : `api/teams/${teamId}/target-lists`;
}

/** The screen of the scope's lists: /targets or /workspaces/{id}/targets. */
export function targetsPath({ teamId }: TargetScope): string {
  return teamId === null ? '/targets' : `/workspaces/${teamId}/targets`;
}

export function targetListPath(ref: TargetListRef): string {
  return `${targetsPath(ref)}/${ref.listId}`;
}

/** The network screen with one person open (the dashboard's `?person=`, docs/product.md#dashboard). */
export function personPath({ teamId }: TargetScope, personId: string): string {
  const query = `?person=${encodeURIComponent(personId)}`;
  return teamId === null ? `/${query}` : `/workspaces/${teamId}${query}`;
}

/** The scope of the current route; `valid` false for a workspace id that is none (a 404 screen). */
export function useTargetScope(): TargetScope & { valid: boolean; listId: string | undefined } {
  const { id, listId } = useParams();
  if (id === undefined) return { teamId: null, valid: true, listId };
  const valid = WORKSPACE_ID.test(id);
  return { teamId: valid ? Number(id) : null, valid, listId };
}
