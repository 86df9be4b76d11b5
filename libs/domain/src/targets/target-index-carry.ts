import type { Connection } from '@warmpath/contracts';
import type { TargetBlocks } from './target-blocks.js';
import type { KnowerTie } from './target-connectors.js';
import type { TargetPeopleIndex } from './target-people-index.js';
import { sameValue } from '../pooling/same-records.js';

// docs/targets.md "Recompute after an import: what the last version is worth": a workspace
// version's target index keeps what its successor can reuse. After one member's import only their
// records are new objects, but most of the people they know are pooled to nodes equal to the
// last version's: those keep the last version's node objects, so the company lists they fill are
// the very arrays of the last version and their ranked blocks are not worked out again.

/** A person as a version's index holds them: their node and their ties (who knows them, how warmly). */
export interface CarriedPerson {
  readonly node: Connection;
  readonly ties: readonly KnowerTie[];
}

/** What one reader's view of a version leaves its successor. */
export interface ReaderCarry {
  /** The reader's own people by node id. */
  readonly persons: ReadonlyMap<string, CarriedPerson>;
  /** The lists merged for the reader, by company key and by domain. */
  readonly atCompany: ReadonlyMap<string, readonly Connection[] | undefined>;
  readonly atDomain: ReadonlyMap<string, readonly Connection[] | undefined>;
  /** The reader's people and the build's nodes they replace, indexed, with their places (rank). */
  readonly ownIndex: TargetPeopleIndex;
  readonly ownPlace: ReadonlyMap<Connection, number>;
  readonly replacedIndex: TargetPeopleIndex;
  readonly replacedPlace: ReadonlyMap<Connection, number>;
}

/**
 * What one workspace version's target index leaves its successor: nothing of the build itself,
 * nor of the versions before (a carry never reaches its predecessor, so memory does not pile up).
 */
export interface TargetIndexCarry {
  /** The shown people's nodes and ties by node id. */
  readonly nodes: ReadonlyMap<string, Connection>;
  readonly ties: ReadonlyMap<string, readonly KnowerTie[]>;
  readonly byCompany: ReadonlyMap<string, readonly Connection[]>;
  readonly byDomain: ReadonlyMap<string, readonly Connection[]>;
  /** The shown people indexed, and each one's group: the next version's index is patched from them. */
  readonly people: TargetPeopleIndex;
  readonly groupOfNode: ReadonlyMap<Connection, number>;
  /** Blocks by list identity: valid for any version whose lists are those arrays. */
  readonly blocks: TargetBlocks;
  /** The readers' views of this version, and those of the last one not read since. */
  readonly readers: Map<number, ReaderCarry>;
}

/**
 * The last version's person when this one is the same in every field and tie (so anything worked
 * out from it holds), else this one. `used` keeps one last-version node from standing for two.
 */
export function carriedPerson<P extends CarriedPerson>(
  person: P,
  before: P | undefined,
  used: Set<string>,
): P {
  if (!before || before === person) return person;
  if (used.has(before.node.id)) return person;
  if (!sameValue(before.ties, person.ties) || !sameValue(before.node, person.node)) return person;
  used.add(before.node.id);
  return before;
}

/** The last version's list when it holds the very same people in the same order, else `list`. */
export function carriedList<L extends readonly Connection[] | undefined>(
  list: L,
  before: readonly Connection[] | undefined,
): L {
  if (!list || !before || before === list || before.length !== list.length) return list;
  for (let i = 0; i < list.length; i++) if (list[i] !== before[i]) return list;
  return before as L;
}

/** Each list of `lists` replaced by the last version's when it is the same (see carriedList). */
export function carryLists(
  lists: Map<string, Connection[]>,
  before: ReadonlyMap<string, readonly Connection[]> | undefined,
): void {
  if (!before) return;
  for (const [key, list] of lists) {
    const kept = carriedList(list, before.get(key));
    if (kept !== list) lists.set(key, kept as Connection[]);
  }
}
