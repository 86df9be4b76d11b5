import type { Connection, Relationship, SharingLevel } from '@warmpath/contracts';
import type { WarmthTie } from '../warm-path/warmth-graph.js';

/** What one distinct person of a pool became: their node (null: counted only) and knows links. */
export interface PooledPerson {
  /** The viewer it was pooled for: when they are not among `knowers`, it is any stranger's view. */
  pooledFor: number;
  /** Each record behind the person (the very objects of the members' loaded networks), in order. */
  records: readonly Connection[];
  /** The user id and the sharing level of the member of each record. */
  knowers: readonly number[];
  sharing: readonly SharingLevel[];
  node: Connection | null;
  knowsLinks: readonly Relationship[];
  knowsTies: readonly WarmthTie[];
}

/**
 * The people of the last pooling by their first record, for one viewer. A person whose records
 * are the same objects, known by the same members sharing as much as before, is pooled to the
 * same node and links (poolNetwork is a function of exactly those), so a rebuild reuses them.
 * After one member's import only that member's network is reloaded (new objects): the people
 * they know are pooled again, everyone else is reused.
 */
export interface PooledPeopleMemo {
  readonly viewerId: number;
  readonly byFirstRecord: ReadonlyMap<Connection, PooledPerson>;
}

/**
 * The people of a workspace as every member who does not know them sees them, by first record.
 * A person the viewer does not know is pooled from the other members' records alone (their node,
 * id, `knownBy`, shared fields and links do not depend on who looks), so all the members who do
 * not know them share one node: a workspace holds one stranger's view of each person, plus each
 * viewer's own people, instead of a whole pool per viewer.
 */
export type StrangersMemo = ReadonlyMap<Connection, PooledPerson>;

/**
 * The previous pooling of this person when nothing it depends on has changed: the viewer's own
 * last pooling, or else, for someone the viewer does not know, any stranger's view of them.
 */
export function reusablePerson(
  own: PooledPeopleMemo | undefined,
  strangers: StrangersMemo | undefined,
  viewerId: number,
  records: readonly Connection[],
  knowers: readonly number[],
  sharing: readonly SharingLevel[],
): PooledPerson | undefined {
  const first = records[0] as Connection;
  const mine = own?.viewerId === viewerId ? own.byFirstRecord.get(first) : undefined;
  if (mine && samePerson(mine, records, knowers, sharing)) return mine;
  if (knowers.includes(viewerId)) return undefined;
  const theirs = strangers?.get(first);
  if (!theirs || theirs.knowers.includes(theirs.pooledFor)) return undefined;
  return samePerson(theirs, records, knowers, sharing) ? theirs : undefined;
}

function samePerson(
  known: PooledPerson,
  records: readonly Connection[],
  knowers: readonly number[],
  sharing: readonly SharingLevel[],
): boolean {
  if (known.records.length !== records.length) return false;
  for (let index = 0; index < records.length; index++) {
    if (known.records[index] !== records[index]) return false;
    if (known.knowers[index] !== knowers[index] || known.sharing[index] !== sharing[index]) return false;
  }
  return true;
}
