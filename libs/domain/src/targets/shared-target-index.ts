import type { Connection } from '@warmpath/contracts';
import type { SharedPool } from '../pooling/shared-pool.js';
import { CompanySuggester } from './company-suggestions.js';
import { hiddenCounts } from './match-targets.js';
import { pooledPersonTies } from './pooled-person-ties.js';
import { TargetBlocks } from './target-blocks.js';
import { carriedPerson, carryLists, type TargetIndexCarry } from './target-index-carry.js';
import type { KnowerTie } from './target-connectors.js';
import { TargetPeopleIndex } from './target-people-index.js';

// docs/targets.md "Workspace lists: one index per workspace version": a workspace's lists are
// matched against its shared build (SharedPool) with a small overlay per reader, giving exactly
// what matching the reader's pooled network (mergeView of the build and viewerOverlay) gives.

/**
 * What target matching needs of one workspace version, for every reader: the people shown as a
 * member who knows none of them sees them, indexed once, their ties, the people counted only and
 * what they add per company, the company suggester and the ranked company blocks.
 */
export class SharedTargetIndex {
  readonly people: TargetPeopleIndex;
  /** Each shown node's group in the build. */
  readonly groupOfNode = new Map<Connection, number>();
  readonly ties = new Map<string, readonly KnowerTie[]>();
  /** Each group's node as this index holds it (the last version's when equal), null: counted only. */
  private readonly nodes: (Connection | null)[];
  /** The people counted only (no node), in group order, by the company of their first record. */
  readonly countedOnly: readonly { group: number; company: string | null }[];
  readonly hidden: ReadonlyMap<string, number>;
  /** Companies ranked once per version for all readers whose view of them is the build's. */
  readonly blocks: TargetBlocks;
  /** What the next version's index reuses (docs/targets.md, "what the last version is worth"). */
  readonly carry: TargetIndexCarry;
  private companySuggester: CompanySuggester | null = null;

  /**
   * With `previous` (the last version's carry), a person whose node and ties equal the last
   * version's keeps its node object, a company or domain list of the same objects keeps its
   * array, and the ranked blocks of those arrays are kept.
   */
  constructor(
    readonly pool: SharedPool,
    previous?: TargetIndexCarry,
  ) {
    const shown: Connection[] = [];
    const countedOnly: { group: number; company: string | null }[] = [];
    const nodeById = new Map<string, Connection>();
    const used = new Set<string>();
    this.nodes = new Array<Connection | null>(pool.persons.length).fill(null);
    pool.persons.forEach((person, group) => {
      if (person.node) {
        const now = { node: person.node, ties: pooledPersonTies(person) };
        const last = previous?.nodes.get(now.node.id);
        const before = last && { node: last, ties: previous?.ties.get(last.id) ?? [] };
        const { node, ties } = carriedPerson(now, before, used);
        shown.push(node);
        this.nodes[group] = node;
        this.groupOfNode.set(node, group);
        this.ties.set(node.id, ties);
        nodeById.set(node.id, node);
      } else countedOnly.push({ group, company: person.records[0]?.company ?? null });
    });
    this.people = new TargetPeopleIndex(shown);
    carryLists(this.people.byCompany, previous?.byCompany);
    carryLists(this.people.byDomain, previous?.byDomain);
    this.countedOnly = countedOnly;
    this.hidden = hiddenCounts(countedOnly);
    this.blocks = previous?.blocks ?? new TargetBlocks();
    this.carry = {
      nodes: nodeById,
      ties: this.ties,
      byCompany: this.people.byCompany,
      byDomain: this.people.byDomain,
      blocks: this.blocks,
      // Readers of the last version who have not read this one yet keep theirs.
      readers: new Map(previous?.readers),
    };
  }

  /** The node of a group as this index holds it; null when counted only. */
  nodeOf(group: number): Connection | null {
    return this.nodes[group] ?? null;
  }

  get suggester(): CompanySuggester {
    this.companySuggester ??= new CompanySuggester(
      [...this.people.companyNames.values()].map((name) => ({ name })),
    );
    return this.companySuggester;
  }
}

const sharedIndexes = new WeakMap<SharedPool, SharedTargetIndex>();

/**
 * The shared target index of a build: one per workspace version. `previous`, the last version's
 * carry, is used when the index is first built.
 */
export function sharedTargetIndex(pool: SharedPool, previous?: TargetIndexCarry): SharedTargetIndex {
  let index = sharedIndexes.get(pool);
  if (!index) sharedIndexes.set(pool, (index = new SharedTargetIndex(pool, previous)));
  return index;
}
