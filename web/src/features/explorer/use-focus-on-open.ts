import { useEffect, useRef } from 'react';
import type { NetworkGraphEngine } from '../network';

/**
 * A person opened through the address (`?person=`: a shared link, a target list's "Open path",
 * docs/targets.md#web) is flown to as a search choice is, once the graph has its first picture
 * (the engine's focusOn waits for the layout rather than flying to where it starts). Their details
 * panel highlights them. Only the person the screen opened with: a later click moves no camera.
 */
export function useFocusOnOpen(
  engine: NetworkGraphEngine | null,
  selectedId: string | null,
  zoom: number,
  durationMs: number,
): void {
  const opened = useRef(selectedId);
  useEffect(() => {
    const personId = opened.current;
    if (personId !== selectedId) opened.current = null;
    if (!engine || personId === null || personId !== selectedId) return;
    opened.current = null;
    engine.focusOn(personId, zoom, durationMs);
  }, [engine, selectedId, zoom, durationMs]);
}
