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

/** Equal JSON-like values: the same keys in the same order, equal values (plain objects only). */
function sameValue(a: unknown, b: unknown): boolean {
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

/**
 * Per member of this build whose network is not the very array of the last build's member with
 * the same user id: that array's records by id, to find the last build's person of a record that
 * was reloaded (null: the member's network is the same array, or they were not a member).
 */
export function reloadedRecords(
  members: readonly PoolMember[],
  previous: readonly PoolMember[] | undefined,
): (ReadonlyMap<string, Connection> | null)[] {
  const before = new Map(previous?.map((member) => [member.node.userId, member.people] as const));
  return members.map((member) => {
    const people = before.get(member.node.userId);
    if (!people || people === member.people) return null;
    const byId = new Map<string, Connection>();
    for (const person of people) if (!byId.has(person.id)) byId.set(person.id, person);
    return byId;
  });
}
