/**
 * Binary min-heap of (node index, priority) on typed arrays, for Dijkstra. No decrease-key:
 * a node is pushed again with its better priority and stale entries are skipped by the caller,
 * which keeps each operation O(log E) without an index of positions.
 */
export class MinHeap {
  private nodes: Int32Array;
  private priorities: Float64Array;
  private length = 0;

  constructor(capacity = 64) {
    this.nodes = new Int32Array(Math.max(1, capacity));
    this.priorities = new Float64Array(Math.max(1, capacity));
  }

  get size(): number {
    return this.length;
  }

  push(node: number, priority: number): void {
    if (this.length === this.nodes.length) this.grow();
    let i = this.length++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.priorities[parent] as number) <= priority) break;
      this.nodes[i] = this.nodes[parent] as number;
      this.priorities[i] = this.priorities[parent] as number;
      i = parent;
    }
    this.nodes[i] = node;
    this.priorities[i] = priority;
  }

  /** Removes and returns the node with the lowest priority; -1 when empty. */
  pop(): number {
    if (this.length === 0) return -1;
    const top = this.nodes[0] as number;
    const last = --this.length;
    const node = this.nodes[last] as number;
    const priority = this.priorities[last] as number;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && (this.priorities[child + 1] as number) < (this.priorities[child] as number))
        child++;
      if ((this.priorities[child] as number) >= priority) break;
      this.nodes[i] = this.nodes[child] as number;
      this.priorities[i] = this.priorities[child] as number;
      i = child;
    }
    this.nodes[i] = node;
    this.priorities[i] = priority;
    return top;
  }

  private grow(): void {
    const nodes = new Int32Array(this.nodes.length * 2);
    const priorities = new Float64Array(this.priorities.length * 2);
    nodes.set(this.nodes);
    priorities.set(this.priorities);
    this.nodes = nodes;
    this.priorities = priorities;
  }
}
