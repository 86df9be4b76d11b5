import type { Connection } from '@warmpath/contracts';
import { useEffect } from 'react';
import type { NetworkGraphEngine as GraphEngine } from './graph/graph-adapter';

/**
 * The workspace's collaborator filter (docs/product.md#workspace-network-screen: "selecting a
 * member highlights the connections whose userId equals that member's user id"): the people the
 * member knows (their
 * `knownBy` lists the member, so a person several members know counts for each) and the member's
 * own node are highlighted in the graph; nobody is hidden. Cleared on All or when leaving.
 */
export function useMemberHighlight(
  engine: GraphEngine | null,
  connections: readonly Connection[] | undefined,
  memberId: number | null,
): void {
  useEffect(() => {
    if (!engine || memberId === null || !connections) return;
    engine.setMemberHighlight(memberPeople(connections, memberId));
    return () => engine.setMemberHighlight([]);
  }, [engine, connections, memberId]);
}

/** Ids of the people `memberId` knows, and of the member's own node. */
export function memberPeople(connections: readonly Connection[], memberId: number): string[] {
  const ids: string[] = [];
  for (const person of connections)
    if (
      !person.isUser &&
      (person.knownBy.includes(memberId) || (person.isTeammate && person.userId === memberId))
    )
      ids.push(person.id);
  return ids;
}
