import { INVALID_WORKSPACE_ID, WORKSPACE_ID } from '@warmpath/contracts';
import { invalid } from '@warmpath/server-kit';

/** A workspace id in a path: a positive integer, else 400 (before any lookup, so it says nothing of existence). */
export function workspaceIdOf(raw: string): number {
  if (!WORKSPACE_ID.test(raw)) throw invalid(INVALID_WORKSPACE_ID);
  return Number(raw);
}

/** Another numeric id in a path (a member's user id, a join request id). */
export function positiveIdOf(raw: string, message: string): number {
  if (!WORKSPACE_ID.test(raw)) throw invalid(message);
  return Number(raw);
}
