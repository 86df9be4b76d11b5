import type { GraphEngineEvents, GraphEventHandler, GraphEventName } from './types';

/** Typed listeners; clear() on kill so no handler outlives the engine. */
export class EventHub {
  private readonly handlers = new Map<GraphEventName, Set<(payload: never) => void>>();

  on<E extends GraphEventName>(event: E, handler: GraphEventHandler<E>): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (payload: never) => void);
    this.handlers.set(event, set);
    return () => set.delete(handler as (payload: never) => void);
  }

  emit<E extends GraphEventName>(event: E, payload: GraphEngineEvents[E]): void {
    for (const handler of this.handlers.get(event) ?? []) (handler as GraphEventHandler<E>)(payload);
  }

  clear(): void {
    this.handlers.clear();
  }
}
