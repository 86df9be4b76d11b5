import type { Connection, TargetConnector, TargetPerson } from '@warmpath/contracts';

// docs/targets.md#ranking: the people at a company ranked once per network version, not once per
// target naming it.

/** What a target's people come to: how many are known, all of them listed in order, connectors. */
export interface TargetBlock {
  /** People someone may name knows (the row's peopleCount). */
  readonly peopleCount: number;
  /** Every known person, most senior first (comparePeople); a row lists the first maxPeople. */
  readonly listed: readonly TargetPerson[];
  /** The members who know them, best first (connectorsOf). */
  readonly connectors: readonly TargetConnector[];
}

interface BlockNode {
  block?: TargetBlock;
  next?: WeakMap<readonly Connection[], BlockNode>;
}

/**
 * The blocks of one network version by the lists of people they were made of (their identity,
 * in order: a company target meeting a name and a domain gathers two lists). Valid only for the
 * people and ties of that version: keep one per version (or per view whose lists are its own
 * arrays). A workspace's next version keeps them (TargetIndexCarry) only because it hands out
 * a last version's array only when its people are the same objects with equal ties.
 */
export class TargetBlocks {
  private readonly root = new WeakMap<readonly Connection[], BlockNode>();

  of(lists: readonly (readonly Connection[])[], build: () => TargetBlock): TargetBlock {
    let map = this.root;
    let node: BlockNode | undefined;
    for (const list of lists) {
      node = map.get(list);
      if (!node) map.set(list, (node = {}));
      map = node.next ??= new WeakMap();
    }
    if (!node) return build();
    return (node.block ??= build());
  }
}
