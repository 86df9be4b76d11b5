import type { Connection, Relationship, SharingLevel } from '@warmpath/contracts';
import type { WarmthTie } from '../warm-path/warmth-graph.js';

/** What one distinct person of a pool became: their node (null: counted only) and knows links. */
export interface PooledPerson {
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

/** The previous pooling of this person when nothing it depends on has changed. */
export function reusablePerson(
  memo: PooledPeopleMemo | undefined,
  viewerId: number,
  records: readonly Connection[],
  knowers: readonly number[],
  sharing: readonly SharingLevel[],
): PooledPerson | undefined {
  if (memo?.viewerId !== viewerId) return undefined;
  const known = memo.byFirstRecord.get(records[0] as Connection);
  if (!known || known.records.length !== records.length) return undefined;
  for (let index = 0; index < records.length; index++) {
    if (known.records[index] !== records[index]) return undefined;
    if (known.knowers[index] !== knowers[index] || known.sharing[index] !== sharing[index]) return undefined;
  }
  return known;
}
