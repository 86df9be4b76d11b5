import { GRAPH } from '../constants';

/** The world point at the centre of the viewport and the scale (CSS px per world unit). */
export interface CameraState {
  x: number;
  y: number;
  zoom: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function clampZoom(zoom: number): number {
  return Math.min(GRAPH.maxZoom, Math.max(GRAPH.minZoom, zoom));
}

export function worldToScreen(
  camera: CameraState,
  viewport: Viewport,
  wx: number,
  wy: number,
): [number, number] {
  return [
    (wx - camera.x) * camera.zoom + viewport.width / 2,
    (wy - camera.y) * camera.zoom + viewport.height / 2,
  ];
}

export function screenToWorld(
  camera: CameraState,
  viewport: Viewport,
  sx: number,
  sy: number,
): [number, number] {
  return [
    (sx - viewport.width / 2) / camera.zoom + camera.x,
    (sy - viewport.height / 2) / camera.zoom + camera.y,
  ];
}

/** Zoom by `factor` keeping the world point under screen point (sx, sy) where it is (wheel, pinch). */
export function zoomAround(
  camera: CameraState,
  viewport: Viewport,
  sx: number,
  sy: number,
  factor: number,
): CameraState {
  const zoom = clampZoom(camera.zoom * factor);
  const [wx, wy] = screenToWorld(camera, viewport, sx, sy);
  return { x: wx - (sx - viewport.width / 2) / zoom, y: wy - (sy - viewport.height / 2) / zoom, zoom };
}

export function panBy(camera: CameraState, dxScreen: number, dyScreen: number): CameraState {
  return { ...camera, x: camera.x - dxScreen / camera.zoom, y: camera.y - dyScreen / camera.zoom };
}

/** The camera showing `bounds` with `padding` CSS px on every side; a point gets zoom 1. */
export function fitBounds(bounds: Bounds, viewport: Viewport, padding: number): CameraState {
  const width = Math.max(bounds.maxX - bounds.minX, 1e-6);
  const height = Math.max(bounds.maxY - bounds.minY, 1e-6);
  const usableW = Math.max(viewport.width - padding * 2, 1);
  const usableH = Math.max(viewport.height - padding * 2, 1);
  const isPoint = bounds.maxX - bounds.minX < 1e-6 && bounds.maxY - bounds.minY < 1e-6;
  const zoom = isPoint ? 1 : clampZoom(Math.min(usableW / width, usableH / height));
  return { x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2, zoom };
}

/** Bounds of the finite positions among `xy` (pairs), or null when none is finite. */
export function boundsOf(xy: Float32Array, count: number, margin = 0): Bounds | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = xy[i * 2];
    const y = xy[i * 2 + 1];
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (minX > maxX) return null;
  return { minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin };
}

export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
}

/**
 * Camera between `from` and `to` at eased progress t. Zoom moves geometrically (each frame
 * scales by the same factor, which reads as steady); the centre moves linearly.
 */
export function interpolateCamera(from: CameraState, to: CameraState, t: number): CameraState {
  const k = easeInOutCubic(Math.min(1, Math.max(0, t)));
  return {
    x: from.x + (to.x - from.x) * k,
    y: from.y + (to.y - from.y) * k,
    zoom: from.zoom * Math.pow(to.zoom / from.zoom, k),
  };
}
