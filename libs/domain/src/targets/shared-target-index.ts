import type { Connection } from '@warmpath/contracts';
import type { SharedPool } from '../pooling/shared-pool.js';
import { CompanySuggester } from './company-suggestions.js';
import { hiddenCounts } from './match-targets.js';
import { pooledPersonTies } from './pooled-person-ties.js';
import { TargetBlocks } from './target-blocks.js';
import { carriedPerson, carryLists, type TargetIndexCarry } from './target-index-carry.js';
import type { KnowerTie } from './target-connectors.js';
import { PeopleChangesTracker, TargetPeopleIndex } from './target-people-index.js';

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
  readonly ties: Map<string, readonly KnowerTie[]>;
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
    const countedOnly: { group: number; company: string | null }[] = [];
    this.nodes = new Array<Connection | null>(pool.persons.length).fill(null);
    // A node of the last version with the very ties it had there is kept as it is: the build kept
    // that person (docs/targets.md, "what the last version is worth"). The others are compared.
    const compared: { group: number; node: Connection; ties: readonly KnowerTie[] }[] = [];
    const tiesOf = new Array<readonly KnowerTie[] | undefined>(pool.persons.length);
    // Each group's place in the last version (-1: none), looked up once for the people index too.
    const lastGroup = new Int32Array(pool.persons.length).fill(-1);
    let kept = 0;
    pool.persons.forEach((person, group) => {
      const node = person.node;
      if (!node) {
        countedOnly.push({ group, company: person.records[0]?.company ?? null });
        return;
      }
      const ties = pooledPersonTies(person);
      tiesOf[group] = ties;
      const was = previous?.groupOfNode.get(node);
      if (was !== undefined && previous?.ties.get(node.id) === ties) {
        this.nodes[group] = node;
        this.groupOfNode.set(node, group);
        lastGroup[group] = was;
        kept += 1;
      } else compared.push({ group, node, ties });
    });
    const used = new Set<string>();
    for (const now of compared) {
      const last = previous?.nodes.get(now.node.id);
      const before =
        last && !this.groupOfNode.has(last)
          ? { node: last, ties: previous?.ties.get(last.id) ?? [] }
          : undefined;
      const { node, ties } = carriedPerson(now, before, used);
      this.nodes[now.group] = node;
      this.groupOfNode.set(node, now.group);
      const was = previous?.groupOfNode.get(node);
      if (was !== undefined) {
        lastGroup[now.group] = was;
        kept += 1;
      }
      now.node = node;
      now.ties = ties;
      tiesOf[now.group] = ties;
    }
    const shown: Connection[] = [];
    // The people index's changes, noted in the same pass (target-people-index.ts, PeopleChangesTracker).
    const changes = new PeopleChangesTracker();
    this.nodes.forEach((node, group) => {
      if (!node) return;
      shown.push(node);
      if (node.isUser || node.isTeammate || node.isSource) return;
      const was = lastGroup[group] as number;
      changes.note(node, was < 0 ? undefined : was);
    });
    // Two groups of one node (never from a build): the people index is built anew.
    if (this.groupOfNode.size !== shown.length) changes.reorder();
    // The ties and nodes by id: the last version's with the people gone and compared redone.
    let nodeById = new Map<string, Connection>();
    this.ties = new Map();
    if (previous && previous.nodes.size === previous.groupOfNode.size) {
      nodeById = new Map(previous.nodes);
      this.ties = new Map(previous.ties);
      // Every person of the last version is still here when as many were found: nobody is gone.
      if (kept !== previous.groupOfNode.size || this.groupOfNode.size !== shown.length)
        for (const node of previous.groupOfNode.keys())
          if (!this.groupOfNode.has(node)) {
            nodeById.delete(node.id);
            this.ties.delete(node.id);
          }
      for (const { node, ties } of compared) {
        nodeById.set(node.id, node);
        this.ties.set(node.id, ties);
      }
    }
    if (nodeById.size !== shown.length) {
      // No last version, or two people of one id: in group order, as the people index is.
      nodeById = new Map();
      this.ties = new Map();
      this.nodes.forEach((node, group) => {
        if (!node) return;
        nodeById.set(node.id, node);
        this.ties.set(node.id, tiesOf[group] as readonly KnowerTie[]);
      });
    }
    // Patched from the last version's index when the people both show are in the same order.
    this.people = new TargetPeopleIndex(
      shown,
      previous && {
        last: previous.people,
        lastPlace: previous.groupOfNode,
        place: this.groupOfNode,
        changes,
      },
    );
    if (!this.people.patched) {
      carryLists(this.people.byCompany, previous?.byCompany);
      carryLists(this.people.byDomain, previous?.byDomain);
    }
    this.countedOnly = countedOnly;
    this.hidden = hiddenCounts(countedOnly);
    this.blocks = previous?.blocks ?? new TargetBlocks();
    this.carry = {
      nodes: nodeById,
      ties: this.ties,
      byCompany: this.people.byCompany,
      byDomain: this.people.byDomain,
      people: this.people,
      groupOfNode: this.groupOfNode,
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
