import { panBy, zoomAround, type CameraState, type Viewport } from './camera-math';

export interface PointerHandlers {
  camera(): CameraState;
  viewport(): Viewport;
  /** The user moved the camera (pan, wheel, pinch). */
  onCamera(state: CameraState): void;
  onHover(x: number, y: number): void;
  onLeave(): void;
  onClick(x: number, y: number): void;
}

/** A press that moves less than this (CSS px) is a click, not a pan. */
const CLICK_SLOP = 5;
/** Wheel zoom per pixel of scroll: 100 px of wheel is a factor of ~1.2, like a zoom button. */
const WHEEL_ZOOM = 0.0018;

/** Pan, wheel zoom and two-finger pinch on one element, with hover and click reported in element px. */
export function attachPointerInput(element: HTMLElement, handlers: PointerHandlers): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  let travel = 0;
  let pinch: { distance: number; x: number; y: number } | null = null;

  const local = (event: PointerEvent | WheelEvent): [number, number] => {
    const rect = element.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };
  const pinchOf = (): { distance: number; x: number; y: number } => {
    const [a, b] = [...pointers.values()];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };

  const onDown = (event: PointerEvent): void => {
    const [x, y] = local(event);
    element.setPointerCapture?.(event.pointerId);
    pointers.set(event.pointerId, { x, y });
    travel = pointers.size === 1 ? 0 : CLICK_SLOP;
    pinch = pointers.size === 2 ? pinchOf() : null;
  };
  const onMove = (event: PointerEvent): void => {
    const [x, y] = local(event);
    const last = pointers.get(event.pointerId);
    if (!last) {
      handlers.onHover(x, y);
      return;
    }
    pointers.set(event.pointerId, { x, y });
    if (pinch && pointers.size === 2) {
      const next = pinchOf();
      const zoomed = zoomAround(
        handlers.camera(),
        handlers.viewport(),
        next.x,
        next.y,
        next.distance / Math.max(pinch.distance, 1),
      );
      handlers.onCamera(panBy(zoomed, next.x - pinch.x, next.y - pinch.y));
      pinch = next;
      return;
    }
    travel += Math.hypot(x - last.x, y - last.y);
    if (travel >= CLICK_SLOP) handlers.onCamera(panBy(handlers.camera(), x - last.x, y - last.y));
  };
  const onUp = (event: PointerEvent): void => {
    if (!pointers.delete(event.pointerId)) return;
    const [x, y] = local(event);
    if (pointers.size === 0 && travel < CLICK_SLOP && event.type === 'pointerup') handlers.onClick(x, y);
    pinch = null;
  };
  const onWheel = (event: WheelEvent): void => {
    event.preventDefault();
    const [x, y] = local(event);
    const pixels = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
    handlers.onCamera(
      zoomAround(handlers.camera(), handlers.viewport(), x, y, Math.exp(-pixels * WHEEL_ZOOM)),
    );
  };
  const onLeave = (): void => {
    if (pointers.size === 0) handlers.onLeave();
  };

  element.style.touchAction = 'none';
  element.addEventListener('pointerdown', onDown);
  element.addEventListener('pointermove', onMove);
  element.addEventListener('pointerup', onUp);
  element.addEventListener('pointercancel', onUp);
  element.addEventListener('pointerleave', onLeave);
  element.addEventListener('wheel', onWheel, { passive: false });
  return () => {
    element.removeEventListener('pointerdown', onDown);
    element.removeEventListener('pointermove', onMove);
    element.removeEventListener('pointerup', onUp);
    element.removeEventListener('pointercancel', onUp);
    element.removeEventListener('pointerleave', onLeave);
    element.removeEventListener('wheel', onWheel);
  };
}
