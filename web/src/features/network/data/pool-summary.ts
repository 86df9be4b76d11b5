import type { Connection, MemberReach } from '@warmpath/contracts';
import type { PoolSummary } from './network-data-protocol';

/** How many super-connectors the workspace lists. */
export const SUPER_CONNECTORS_SHOWN = 20;

/**
 * The people known by the most members (at least two: one member alone is no connector), most
 * first, ties by name. One pass keeping a short sorted list, so 100,000 pooled people cost
 * O(people), not a sort of all of them.
 */
export function superConnectorIndexes(
  connections: readonly Connection[],
  limit = SUPER_CONNECTORS_SHOWN,
): Uint32Array {
  const top: number[] = [];
  const rank = (a: number, b: number): number => {
    const byKnown = connections[b].knownBy.length - connections[a].knownBy.length;
    if (byKnown !== 0) return byKnown;
    const nameA = `${connections[a].firstName} ${connections[a].lastName}`;
    return nameA.localeCompare(`${connections[b].firstName} ${connections[b].lastName}`);
  };
  connections.forEach((person, index) => {
    if (person.isUser || person.isTeammate || person.knownBy.length < 2) return;
    if (top.length === limit && rank(index, top[top.length - 1]) >= 0) return;
    let at = top.length;
    while (at > 0 && rank(index, top[at - 1]) < 0) at--;
    top.splice(at, 0, index);
    if (top.length > limit) top.pop();
  });
  return Uint32Array.from(top);
}

/** The super-connectors view's data for a pooled network (worked out in the data worker). */
export function summarisePool(
  connections: readonly Connection[],
  members: readonly MemberReach[],
): PoolSummary {
  return { superConnectors: superConnectorIndexes(connections), members: [...members] };
}
