import { TARGET_LIST_FORBIDDEN, type TargetList } from '@warmpath/contracts';
import { forbidden } from '@warmpath/server-kit';
import type { TeamState } from '../team-graph/team-networks.service.js';

/** Roles that may change any list of their workspace (docs/targets.md#routes). */
const EDITOR_ROLES: ReadonlySet<string> = new Set(['owner', 'admin']);

/** The creator, or (for a workspace's list) its owner or admins; anyone else FORBIDDEN. */
export function assertMayEditTargetList(userId: number, state: TeamState | null, list: TargetList): void {
  if (list.createdBy === userId) return;
  const role = state?.membership.members.find((member) => member.userId === userId)?.role;
  if (role && EDITOR_ROLES.has(role)) return;
  throw forbidden(TARGET_LIST_FORBIDDEN);
}
