import type { Connection } from '@warmpath/contracts';
import type { SharedPool } from '@warmpath/domain';

/**
 * How many members' networks a workspace build reads from Postgres at once. The service's pool
 * has 10 connections, and a read waits at most 3 s for one: a workspace of 200 members asked
 * all at once made every other query (the membership reads of every request) time out, and the
 * build with them (docs/workspace-network.md#one-shared-build-per-workspace-version).
 */
export const MEMBER_LOADS_AT_ONCE = 4;

/** A member's records as a build pools them: the network version and UTC day they are of. */
export interface MemberRecords {
  userId: number;
  version: string;
  day: string;
  people: readonly Connection[];
}

/**
 * The previous build's records of each member, to pool again without reading them when the
 * member's network version and the day are the same: the reader's cache holds 250,000 people, so
 * in a workspace of a million records most members would be read again for every version.
 */
export function keptRecords(
  previous: { pool: SharedPool; versions: ReadonlyMap<number, string>; day: string } | undefined,
  day: string,
): (userId: number, version: string | undefined) => MemberRecords | undefined {
  if (!previous || previous.day !== day) return () => undefined;
  const people = new Map(previous.pool.members.map((member) => [member.node.userId, member.people]));
  return (userId, version) => {
    const kept = people.get(userId);
    if (kept === undefined || version === undefined || previous.versions.get(userId) !== version)
      return undefined;
    return { userId, version, day, people: kept };
  };
}

/** `load` over `items`, at most `limit` at a time; the results in the items' order. */
export async function mapAtMost<T, R>(
  items: readonly T[],
  limit: number,
  load: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await load(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
