import type { Connection, Relationship } from '@warmpath/contracts';

/** A typed slot for something derived from a loaded network (a warmth graph, stats...). */
export class MemoKey<T> {
  // Only carries the type; two keys are different slots even with the same name.
  declare private readonly type: T;
  constructor(readonly name: string) {}
}

/**
 * One user's network at one version, mapped to contract types, kept in memory so paths and stats
 * never reload it. Immutable once loaded; derived values are memoised per instance, so they live
 * exactly as long as the version they were computed from.
 */
export class LoadedNetwork {
  private readonly memos = new Map<MemoKey<unknown>, unknown>();
  readonly indexOf: ReadonlyMap<string, number>;

  constructor(
    readonly userId: number,
    readonly version: string,
    /** UTC day (yyyy-mm-dd) yearsConnected was computed for. */
    readonly day: string,
    /** Stored connections (1st degree), ordered by id; the own node is not among them. */
    readonly people: readonly Connection[],
    /** The 'connection' links from the own node to each person, same order as people. */
    readonly knowsLinks: readonly Relationship[],
    /** Company links derived from the people (deriveCompanyLinks), in generateCompanyLinks order. */
    readonly companyLinks: readonly Relationship[],
  ) {
    this.indexOf = new Map(people.map((person, index) => [person.id, index] as const));
  }

  person(id: string): Connection | undefined {
    const index = this.indexOf.get(id);
    return index === undefined ? undefined : this.people[index];
  }

  knowsLink(personId: string): Relationship | undefined {
    const index = this.indexOf.get(personId);
    return index === undefined ? undefined : this.knowsLinks[index];
  }

  memo<T>(key: MemoKey<T>, build: () => T): T {
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const value = build();
    this.memos.set(key, value);
    return value;
  }
}
