import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  clampZoom,
  fitBounds,
  interpolateCamera,
  panBy,
  screenToWorld,
  worldToScreen,
  zoomAround,
} from './camera-math';

const viewport = { width: 800, height: 600 };

describe('camera maths', () => {
  it('maps world to screen and back', () => {
    const camera = { x: 10, y: -20, zoom: 2 };
    const [sx, sy] = worldToScreen(camera, viewport, 30, 5);
    expect([sx, sy]).toEqual([440, 350]);
    expect(screenToWorld(camera, viewport, sx, sy)).toEqual([30, 5]);
  });

  it('clamps zoom to 0.01..1000', () => {
    expect(clampZoom(0.001)).toBe(0.01);
    expect(clampZoom(5000)).toBe(1000);
    expect(clampZoom(3)).toBe(3);
  });

  it('keeps the point under the cursor still when zooming', () => {
    const camera = { x: 0, y: 0, zoom: 1 };
    const before = screenToWorld(camera, viewport, 100, 120);
    const after = zoomAround(camera, viewport, 100, 120, 1.2);
    expect(after.zoom).toBeCloseTo(1.2);
    const [wx, wy] = screenToWorld(after, viewport, 100, 120);
    expect(wx).toBeCloseTo(before[0]);
    expect(wy).toBeCloseTo(before[1]);
  });

  it('stops zooming at the limit without drifting', () => {
    const camera = { x: 5, y: 5, zoom: 1000 };
    expect(zoomAround(camera, viewport, 400, 300, 2)).toEqual({ x: 5, y: 5, zoom: 1000 });
  });

  it('pans by screen pixels, moving the world with the pointer', () => {
    expect(panBy({ x: 0, y: 0, zoom: 2 }, 100, -50)).toEqual({ x: -50, y: 25, zoom: 2 });
  });

  it('fits bounds inside the viewport with 60 px padding', () => {
    const camera = fitBounds({ minX: -100, minY: -50, maxX: 300, maxY: 150 }, viewport, 60);
    expect(camera).toEqual({ x: 100, y: 50, zoom: 680 / 400 });
    const [left] = worldToScreen(camera, viewport, -100, 0);
    expect(left).toBeCloseTo(60);
  });

  it('fits a single point at zoom 1', () => {
    expect(fitBounds({ minX: 3, minY: 4, maxX: 3, maxY: 4 }, viewport, 60)).toEqual({ x: 3, y: 4, zoom: 1 });
  });

  it('computes bounds over finite positions only', () => {
    const xy = new Float32Array([1, 2, Number.NaN, 0, -3, 8]);
    expect(boundsOf(xy, 3)).toEqual({ minX: -3, minY: 2, maxX: 1, maxY: 8 });
    expect(boundsOf(new Float32Array([Number.NaN, 1]), 1)).toBeNull();
  });

  it('interpolates zoom geometrically and ends exactly at the target', () => {
    const from = { x: 0, y: 0, zoom: 1 };
    const to = { x: 100, y: 50, zoom: 4 };
    expect(interpolateCamera(from, to, 0.5).zoom).toBeCloseTo(2);
    expect(interpolateCamera(from, to, 1)).toEqual(to);
    expect(interpolateCamera(from, to, 0)).toEqual(from);
  });
});
