import { type Connection, type Relationship } from '@warmpath/contracts';
import { adjustTieWarmth, type IntroFeedback } from '../warmth/intro-feedback.js';
import { edgeWarmth } from './edge-warmth.js';

/** What the warm path reads of a graph node. */
export type WarmthPerson = Pick<
  Connection,
  | 'id'
  | 'userId'
  | 'firstName'
  | 'lastName'
  | 'company'
  | 'position'
  | 'yearsConnected'
  | 'hasWorkedWith'
  | 'isUser'
  | 'knownBy'
> & {
  isTeammate?: boolean;
  positionInfo?: Connection['positionInfo'];
  strength?: Connection['strength'];
  signals?: Connection['signals'];
};

/**
 * How a knower knows a person, when it is not the person's own record (pooled graphs): what the
 * knower's sharing level shows (`strength`, `signals`) and, for the path search only, the full
 * score behind it (`score`, docs/warmth.md "Sharing").
 */
export type WarmthTie = Pick<Connection, 'yearsConnected' | 'hasWorkedWith'> & {
  strength?: Connection['strength'];
  signals?: Connection['signals'];
  score?: number;
  /** What introduction requests taught about this tie (docs/warmth.md#feedback-from-introductions). */
  feedback?: readonly IntroFeedback[];
};

/**
 * A stored link; `id` is carried through to the hops that travel it. A "connection" link may carry
 * its own `tie`: in a pooled graph each member knows a person for their own number of years.
 */
export type WarmthLink = Pick<Relationship, 'sourceId' | 'targetId' | 'strength' | 'type' | 'company'> & {
  id?: string;
  tie?: WarmthTie;
};

export interface WarmthGraphOptions {
  /**
   * Add the edges implied by `knownBy` and by being a teammate (default true). A pooled graph
   * passes every link explicitly, with each member's own tie, and turns them off.
   */
  implied?: boolean;
  /** The day relationship facts are told from ("the last 12 days ago"); default now. */
  today?: Date;
}

/** Why two people are linked; `from` of a "knows" edge is the person who knows the other. */
export type WarmthEdgeKind = 'knows' | 'teammate' | 'company';

export interface WarmthGraphEdge {
  from: number;
  to: number;
  kind: WarmthEdgeKind;
  warmth: number;
  /** -log(warmth): maximising a product of warmths is minimising a sum of these. */
  cost: number;
  /** The stored link it comes from; null for an edge implied by `knownBy` or by being a teammate. */
  link: WarmthLink | null;
  /** A "knows" edge's tie: the link's own, else the known person's record. */
  tie?: WarmthTie;
}

/**
 * Adjacency built once per network (compressed rows: node i's entries are
 * offsets[i]..offsets[i+1]) so each path query is a plain Dijkstra over typed arrays.
 */
export interface WarmthGraph {
  readonly people: readonly WarmthPerson[];
  readonly indexOf: ReadonlyMap<string, number>;
  readonly selfIndex: number;
  readonly today: Date;
  readonly edges: readonly WarmthGraphEdge[];
  readonly offsets: Int32Array;
  readonly neighbours: Int32Array;
  readonly edgeOf: Int32Array;
}

/**
 * Builds the warmth graph of a network: who knows whom (each person's `knownBy` and explicit
 * "connection" links), you and your teammates, and the company links. Parallel edges are kept;
 * the path search simply takes the warmest.
 */
export function buildWarmthGraph(
  connections: readonly WarmthPerson[],
  relationships: readonly WarmthLink[],
  selfId: string,
  options: WarmthGraphOptions = {},
): WarmthGraph {
  const indexOf = new Map(connections.map((person, index) => [person.id, index] as const));
  const selfIndex = indexOf.get(selfId) ?? -1;
  const edges: WarmthGraphEdge[] = [];
  const add = (
    from: number,
    to: number,
    kind: WarmthEdgeKind,
    warmth: number,
    link: WarmthLink | null,
  ): void => {
    if (from === to) return;
    const edge: WarmthGraphEdge = { from, to, kind, warmth, cost: -Math.log(warmth), link };
    if (link?.tie) edge.tie = link.tie;
    edges.push(edge);
  };
  for (const link of relationships) {
    const source = indexOf.get(link.sourceId);
    const target = indexOf.get(link.targetId);
    if (source === undefined || target === undefined) continue;
    if (link.type === 'connection') {
      // The known person is the end that is not a user node.
      const [from, to] = isUserNode(connections[target] as WarmthPerson)
        ? [target, source]
        : [source, target];
      add(from, to, 'knows', knowsWarmth(link.tie ?? (connections[to] as WarmthPerson)), link);
    } else if (link.type === 'teammate') {
      add(source, target, 'teammate', edgeWarmth({ type: 'teammate' }), link);
    } else {
      add(source, target, 'company', edgeWarmth({ type: link.type, strength: link.strength }), link);
    }
  }
  // Implied edges come after the stored links: on a tie the path search keeps the edge it saw
  // first, and a stored link is one the graph can highlight.
  if (options.implied !== false) addKnownEdges(connections, selfIndex, add);
  const today = options.today ?? new Date();
  return {
    people: connections,
    indexOf,
    selfIndex,
    today,
    edges,
    ...compressAdjacency(connections.length, edges),
  };
}

type AddEdge = (
  from: number,
  to: number,
  kind: WarmthEdgeKind,
  warmth: number,
  link: WarmthLink | null,
) => void;

const isUserNode = (person: WarmthPerson): boolean => person.isUser || person.isTeammate === true;

const knowsWarmth = (tie: WarmthTie): number => {
  const warmth = edgeWarmth({
    type: 'connection',
    yearsConnected: tie.yearsConnected,
    hasWorkedWith: tie.hasWorkedWith,
    strength: tie.score ?? tie.strength?.score ?? null,
  });
  return tie.feedback ? adjustTieWarmth(warmth, tie.feedback) : warmth;
};

/** Edges implied by the data itself: each user node to the people it knows, you to each teammate. */
function addKnownEdges(people: readonly WarmthPerson[], selfIndex: number, add: AddEdge): void {
  const userNodes = new Map<number, number>();
  people.forEach((person, index) => {
    if (isUserNode(person)) userNodes.set(person.userId, index);
  });
  people.forEach((person, index) => {
    if (person.isTeammate && selfIndex >= 0)
      add(selfIndex, index, 'teammate', edgeWarmth({ type: 'teammate' }), null);
    if (isUserNode(person)) return;
    for (const userId of person.knownBy) {
      const knower = userNodes.get(userId);
      if (knower !== undefined) add(knower, index, 'knows', knowsWarmth(person), null);
    }
  });
}

function compressAdjacency(
  nodeCount: number,
  edges: readonly WarmthGraphEdge[],
): Pick<WarmthGraph, 'offsets' | 'neighbours' | 'edgeOf'> {
  const offsets = new Int32Array(nodeCount + 1);
  for (const edge of edges) {
    offsets[edge.from + 1] = (offsets[edge.from + 1] as number) + 1;
    offsets[edge.to + 1] = (offsets[edge.to + 1] as number) + 1;
  }
  for (let i = 0; i < nodeCount; i++) offsets[i + 1] = (offsets[i + 1] as number) + (offsets[i] as number);
  const next = offsets.slice(0, nodeCount);
  const neighbours = new Int32Array(edges.length * 2);
  const edgeOf = new Int32Array(edges.length * 2);
  const place = (node: number, other: number, edgeIndex: number): void => {
    const slot = next[node] as number;
    neighbours[slot] = other;
    edgeOf[slot] = edgeIndex;
    next[node] = slot + 1;
  };
  edges.forEach((edge, index) => {
    place(edge.from, edge.to, index);
    place(edge.to, edge.from, index);
  });
  return { offsets, neighbours, edgeOf };
}
