import type { Workspace, WorkspaceRole } from '@warmpath/contracts';
import { useMemo } from 'react';
import { useAuth } from '../../lib/session/auth-context';
import type { TargetScope } from './target-scope';
import { useGetTargetsWorkspaceQuery, useListTargetsMembersQuery } from './targets.api';

export interface TargetsContext {
  viewerId: number | undefined;
  /** The viewer's role in the workspace; null for own lists. */
  role: WorkspaceRole | null;
  workspace: Workspace | undefined;
  /** A member's name as the screens show it ("You" for the viewer). */
  nameOf: (userId: number) => string;
  workspaceError: unknown;
  isLoading: boolean;
}

/** Who is looking, their role, and the members' names (docs/targets.md#web). */
export function useTargetsContext({ teamId }: TargetScope): TargetsContext {
  const { user } = useAuth();
  const isWorkspace = teamId !== null;
  const workspaceQuery = useGetTargetsWorkspaceQuery(teamId ?? 0, { skip: !isWorkspace });
  const membersQuery = useListTargetsMembersQuery(teamId ?? 0, {
    skip: !isWorkspace || !workspaceQuery.data,
  });
  const viewerId = user?.id;
  // Stable while the members are: the results table's memoised cells take it.
  const nameOf = useMemo(() => {
    const names = new Map((membersQuery.data ?? []).map((member) => [member.user.id, member.name]));
    return (userId: number) => (userId === viewerId ? 'You' : names.get(userId) || `Member ${userId}`);
  }, [membersQuery.data, viewerId]);
  return {
    viewerId: user?.id,
    role: workspaceQuery.data?.role ?? null,
    workspace: workspaceQuery.data,
    nameOf,
    workspaceError: workspaceQuery.error,
    isLoading: isWorkspace && workspaceQuery.isLoading,
  };
}
