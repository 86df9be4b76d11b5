/** A map of event names to their payloads. */
export type EventMap = object;

/** Typed listeners; clear() on kill so no handler outlives the engine. */
export class EventHub<Events extends EventMap> {
  private readonly handlers = new Map<keyof Events, Set<(payload: never) => void>>();

  on<E extends keyof Events>(event: E, handler: (payload: Events[E]) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (payload: never) => void);
    this.handlers.set(event, set);
    return () => set.delete(handler as (payload: never) => void);
  }

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    for (const handler of this.handlers.get(event) ?? []) (handler as (payload: Events[E]) => void)(payload);
  }

  clear(): void {
    this.handlers.clear();
  }
}
