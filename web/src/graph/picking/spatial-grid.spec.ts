import { describe, expect, it } from 'vitest';
import { SpatialGrid } from './spatial-grid';

function gridOf(points: number[][], radius = 5): SpatialGrid {
  const xy = new Float32Array(points.flat());
  const radii = new Float32Array(points.length).fill(radius);
  const grid = new SpatialGrid();
  grid.rebuild(xy, radii, points.length);
  return grid;
}

describe('SpatialGrid', () => {
  it('finds the node under the pointer', () => {
    const grid = gridOf([
      [0, 0],
      [100, 0],
      [0, 100],
    ]);
    expect(grid.pick(101, 2, 0, 0)).toBe(1);
    expect(grid.pick(-3, 98, 0, 0)).toBe(2);
  });

  it('finds nothing between nodes', () => {
    expect(
      gridOf([
        [0, 0],
        [100, 0],
      ]).pick(50, 0, 0, 0),
    ).toBe(-1);
  });

  it('prefers the node whose edge is closest when discs overlap', () => {
    expect(
      gridOf([
        [0, 0],
        [6, 0],
      ]).pick(4, 0, 0, 0),
    ).toBe(1);
  });

  it('honours a minimum on-screen radius and a tolerance when zoomed out', () => {
    const grid = gridOf([
      [0, 0],
      [1000, 0],
    ]);
    expect(grid.pick(30, 0, 0, 0)).toBe(-1);
    expect(grid.pick(30, 0, 20, 12)).toBe(0);
  });

  it('answers the same as a full scan on a large random graph', () => {
    const points = Array.from({ length: 5000 }, (_, i) => [
      Math.sin(i * 12.9898) * 4000,
      Math.cos(i * 78.233) * 3000,
    ]);
    const grid = gridOf(points, 4);
    for (let q = 0; q < 200; q++) {
      const [x, y] = [Math.sin(q * 3.1) * 4000, Math.cos(q * 7.7) * 3000];
      let expected = -1;
      let bestGap = Infinity;
      points.forEach(([px, py], i) => {
        const gap = Math.hypot(px - x, py - y) - 4;
        if (gap <= 30 && gap < bestGap) [bestGap, expected] = [gap, i];
      });
      expect(grid.pick(x, y, 0, 30)).toBe(expected);
    }
  });

  it('picks again correctly after the nodes moved and the grid was rebuilt', () => {
    const xy = new Float32Array([0, 0, 50, 50]);
    const radii = new Float32Array([5, 5]);
    const grid = new SpatialGrid();
    grid.rebuild(xy, radii, 2);
    xy.set([500, 500], 2);
    grid.rebuild(xy, radii, 2);
    expect(grid.pick(50, 50, 0, 0)).toBe(-1);
    expect(grid.pick(500, 500, 0, 0)).toBe(1);
  });
});
