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
  private index?: ReadonlyMap<string, number>;
  private knows?: readonly Relationship[];
  private company?: readonly Relationship[];

  /**
   * The links are built on first use: a workspace's pooled graph reads only the people of each
   * member's network (it builds its own links), and deriving 30,000 people's company links is
   * a few hundred ms of CPU per member.
   */
  constructor(
    readonly userId: number,
    readonly version: string,
    /** UTC day (yyyy-mm-dd) yearsConnected was computed for. */
    readonly day: string,
    /** Stored connections (1st degree), ordered by id; the own node is not among them. */
    readonly people: readonly Connection[],
    private readonly buildKnowsLinks: () => readonly Relationship[],
    private readonly buildCompanyLinks: () => readonly Relationship[],
  ) {}

  /**
   * Each person's index by id, made on first use: a workspace's build reads only `people`, and a
   * map per member was ~1,000,000 entries kept for nothing in a 200-member workspace.
   */
  private get indexOf(): ReadonlyMap<string, number> {
    if (this.index === undefined) {
      const index = new Map<string, number>();
      for (let at = 0; at < this.people.length; at++) index.set((this.people[at] as Connection).id, at);
      this.index = index;
    }
    return this.index;
  }

  /** The 'connection' links from the own node to each person, same order as people. */
  get knowsLinks(): readonly Relationship[] {
    return (this.knows ??= this.buildKnowsLinks());
  }

  /** Company links derived from the people (deriveCompanyLinks), in generateCompanyLinks order. */
  get companyLinks(): readonly Relationship[] {
    return (this.company ??= this.buildCompanyLinks());
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
