import type { Connection } from '@warmpath/contracts';
import { useRef } from 'react';
import { isSameLinkList, type NetworkLinks } from '../data/network-links';

interface GraphInput {
  connections: readonly Connection[];
  links: NetworkLinks;
}

/** What the picture depends on: a note or an e-mail changes nothing the engine draws. */
function isDrawnAlike(a: Connection, b: Connection): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.company === b.company &&
      a.position === b.position &&
      a.connectionDegree === b.connectionDegree &&
      a.hasWorkedWith === b.hasWorkedWith &&
      a.isUser === b.isUser &&
      a.positionInfo?.seniority === b.positionInfo?.seniority &&
      a.positionInfo?.category === b.positionInfo?.category)
  );
}

function isSameGraph(next: GraphInput, previous: GraphInput): boolean {
  if (next.connections === previous.connections && next.links === previous.links) return true;
  if (next.connections.length !== previous.connections.length || !isSameLinkList(next.links, previous.links))
    return false;
  for (let i = 0; i < next.connections.length; i++)
    if (!isDrawnAlike(next.connections[i], previous.connections[i])) return false;
  return true;
}

/**
 * The previous graph input while the new one draws the same picture (after saving a note, say),
 * so the engine is not handed 30,000 people again and the layout does not restart. O(n) reference
 * checks, far below the cost of a new layout.
 */
export function useStableGraphInput(input: GraphInput): GraphInput {
  const previous = useRef<GraphInput | null>(null);
  if (!previous.current || !isSameGraph(input, previous.current)) previous.current = input;
  return previous.current;
}
