/**
 * A uniform grid over node positions in compressed rows (counting sort), so a pointer query
 * looks at a few cells instead of every node. Rebuilt in O(n) only when positions changed and
 * someone asks, never per frame. Arrays grow but are reused across rebuilds.
 */
export class SpatialGrid {
  private cellStart = new Int32Array(1);
  private cellNodes = new Uint32Array(0);
  private cellOfNode = new Int32Array(0);
  private cols = 0;
  private rows = 0;
  private cellSize = 1;
  private minX = 0;
  private minY = 0;
  private maxRadius = 0;
  private xy: Float32Array = new Float32Array(0);
  private radii: Float32Array = new Float32Array(0);
  private count = 0;

  rebuild(xy: Float32Array, radii: Float32Array, count: number): void {
    this.xy = xy;
    this.radii = radii;
    this.count = count;
    this.measure();
    const cells = this.cols * this.rows;
    if (this.cellStart.length < cells + 1) this.cellStart = new Int32Array(cells + 1);
    if (this.cellNodes.length < count) this.cellNodes = new Uint32Array(count);
    if (this.cellOfNode.length < count) this.cellOfNode = new Int32Array(count);
    const start = this.cellStart;
    start.fill(0, 0, cells + 1);
    for (let i = 0; i < count; i++) {
      const cell = this.cellAt(xy[i * 2], xy[i * 2 + 1]);
      this.cellOfNode[i] = cell;
      if (cell >= 0) start[cell + 1]++;
    }
    for (let c = 0; c < cells; c++) start[c + 1] += start[c];
    const fill = start.slice(0, cells);
    for (let i = 0; i < count; i++) {
      const cell = this.cellOfNode[i];
      if (cell >= 0) this.cellNodes[fill[cell]++] = i;
    }
  }

  /**
   * The node under world point (x, y): the one whose disc, at least `minRadius` wide and grown
   * by `tolerance`, holds the point, closest edge first. -1 when none.
   */
  pick(x: number, y: number, minRadius: number, tolerance: number): number {
    if (this.count === 0) return -1;
    const reach = Math.max(this.maxRadius, minRadius) + tolerance;
    const c0 = Math.max(0, Math.floor((x - reach - this.minX) / this.cellSize));
    const c1 = Math.min(this.cols - 1, Math.floor((x + reach - this.minX) / this.cellSize));
    const r0 = Math.max(0, Math.floor((y - reach - this.minY) / this.cellSize));
    const r1 = Math.min(this.rows - 1, Math.floor((y + reach - this.minY) / this.cellSize));
    let best = -1;
    let bestGap = Infinity;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.cols + c;
        for (let k = this.cellStart[cell]; k < this.cellStart[cell + 1]; k++) {
          const node = this.cellNodes[k];
          const gap =
            Math.hypot(this.xy[node * 2] - x, this.xy[node * 2 + 1] - y) -
            Math.max(this.radii[node], minRadius);
          if (gap <= tolerance && gap < bestGap) {
            bestGap = gap;
            best = node;
          }
        }
      }
    }
    return best;
  }

  private measure(): void {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    let maxRadius = 0;
    for (let i = 0; i < this.count; i++) {
      const x = this.xy[i * 2];
      const y = this.xy[i * 2 + 1];
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      maxRadius = Math.max(maxRadius, this.radii[i]);
    }
    if (minX > maxX) [minX, minY, maxX, maxY] = [0, 0, 0, 0];
    const width = maxX - minX;
    const height = maxY - minY;
    // About two nodes per cell on average, never finer than a node's diameter.
    const spread = Math.sqrt((Math.max(width, 1) * Math.max(height, 1) * 2) / Math.max(this.count, 1));
    this.cellSize = Math.max(spread, maxRadius * 2, 1e-3);
    this.cols = Math.max(1, Math.floor(width / this.cellSize) + 1);
    this.rows = Math.max(1, Math.floor(height / this.cellSize) + 1);
    this.minX = minX;
    this.minY = minY;
    this.maxRadius = maxRadius;
  }

  private cellAt(x: number, y: number): number {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return -1;
    const c = Math.min(this.cols - 1, Math.floor((x - this.minX) / this.cellSize));
    const r = Math.min(this.rows - 1, Math.floor((y - this.minY) / this.cellSize));
    return r * this.cols + c;
  }
}
