import { drain, SLICE_ITEMS, type Steps } from '../sliced-task';

/**
 * Node index by the app's id. Only highlights, centring and a focus ask for it, never the first
 * frame: so it is not built with the model but after the graph's first frame, in slices
 * (`buildSteps`); a question asked before then builds the rest at once. 100,000 ids into a Map
 * were ~10 % of the page's CPU between the network's arrival and the first picture
 * (docs/performance.md "The first frame's build"). Equal ids: the last node wins, as a Map built
 * in node order gives.
 */
export class NodeIndex {
  private readonly byId = new Map<string, number>();
  /** Nodes [0, built) are in `byId`. */
  private built = 0;

  constructor(
    private readonly nodes: readonly unknown[],
    private readonly idOf: (node: unknown) => string,
  ) {}

  get isBuilt(): boolean {
    return this.built >= this.nodes.length;
  }

  get(id: string): number | undefined {
    if (!this.isBuilt) drain(this.buildSteps());
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Builds the rest of the index as slices for runSliced (a get() in between finishes it). */
  *buildSteps(): Steps<void> {
    const { nodes, byId, idOf } = this;
    while (this.built < nodes.length) {
      const index = this.built++;
      byId.set(idOf(nodes[index]), index);
      if (index % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
    }
  }

  /**
   * The index of each of `ids` (those in the graph), as get() would answer, without building
   * the index when it is not built yet: a pass over the nodes' ids against the few wanted (a new
   * graph's highlight, resolved before its first frame).
   */
  *findSteps(ids: readonly string[]): Steps<Map<string, number>> {
    const found = new Map<string, number>();
    if (ids.length === 0) return found;
    if (this.isBuilt) {
      for (const id of ids) {
        const index = this.byId.get(id);
        if (index !== undefined) found.set(id, index);
      }
      return found;
    }
    const wanted = new Set(ids);
    const { nodes, idOf } = this;
    for (let index = 0; index < nodes.length; index++) {
      const id = idOf(nodes[index]);
      if (wanted.has(id)) found.set(id, index);
      if (index % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
    }
    return found;
  }
}
