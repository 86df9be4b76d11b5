import type { TargetList, WorkspaceRole } from '@warmpath/contracts';

/**
 * Who may rename, correct or delete a list (docs/targets.md#routes): its creator, or the
 * workspace's owner and admins. `role` null: an own list, only ever its creator's.
 */
export function canChangeTargetList(
  list: TargetList,
  viewerId: number | undefined,
  role: WorkspaceRole | null,
) {
  return list.createdBy === viewerId || role === 'owner' || role === 'admin';
}
