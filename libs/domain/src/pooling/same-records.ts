import type { Connection } from '@warmpath/contracts';
import type { PoolMember } from './pool-person.js';

/**
 * A member's network reloaded after their import is made of new objects, most of them equal to
 * the last build's records field for field: a person is pooled from the values of its records
 * alone, so the last build's person of equal records is still theirs (docs/workspace-network.md
 * "A build that follows the change, in slices").
 */
export function sameRecord(a: Connection, b: Connection): boolean {
  return a === b || sameValue(a, b);
}

/**
 * Equal JSON-like values: the same keys in the same order, equal values (plain objects only).
 * Also the target index's test of a person kept between versions (target-index-carry.ts).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !plain(a) || !plain(b)) return false;
  const left = Object.keys(a);
  const right = Object.keys(b);
  if (left.length !== right.length) return false;
  for (let i = 0; i < left.length; i++) {
    const key = left[i] as string;
    if (key !== right[i]) return false;
    if (!sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** A plain object (no Date or other class, whose state its keys do not show). */
function plain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Where a reloaded member's records were in the last build: its member index, its records by id. */
export interface Reloaded {
  readonly member: number;
  readonly at: ReadonlyMap<string, number>;
}

/**
 * Per member of this build whose network is not the very array of the last build's member with
 * the same user id: that member's index in the last build and the index of each of its records by
 * id, to find the last build's person of a record that was reloaded (null: the member was not one).
 * Per member whose network is the very array: their index in the last build (`same`, else -1).
 */
export function reloadedRecords(
  members: readonly PoolMember[],
  previous: readonly PoolMember[] | undefined,
): { same: Int32Array; reloaded: (Reloaded | null)[] } {
  const before = new Map(previous?.map((member, index) => [member.node.userId, index] as const));
  const same = new Int32Array(members.length).fill(-1);
  const reloaded = members.map((member, index) => {
    const last = before.get(member.node.userId);
    if (last === undefined) return null;
    const people = (previous?.[last] as PoolMember).people;
    if (people === member.people) {
      same[index] = last;
      return null;
    }
    const at = new Map<string, number>();
    people.forEach((person, position) => {
      if (!at.has(person.id)) at.set(person.id, position);
    });
    return { member: last, at };
  });
  return { same, reloaded };
}
