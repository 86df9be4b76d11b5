import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { importsContracts, type ImportStatus } from '@warmpath/contracts';
import { BUS_OPTIONS, LOGGER, NATS_CONNECTION, prefixed, type BusOptions } from '@warmpath/server-kit';
import type { Logger } from 'pino';

export type ImportListener = (status: ImportStatus) => void;

export interface ImportEventBuffer {
  /** Delivers the held events, then every further one, to `listener`. */
  attach(listener: ImportListener): void;
  close(): void;
}

const decoder = new TextDecoder();

/**
 * Every gateway instance hears every import's progress (a plain subscription, no queue group: the
 * browser's event stream may be on any instance) and hands each event to the local listeners of
 * that import.
 */
@Injectable()
export class ImportEventsHub implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly listeners = new Map<string, Set<ImportListener>>();
  private subscription: Subscription | null = null;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(BUS_OPTIONS) private readonly options: BusOptions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const contract = importsContracts.importProgressed;
    this.subscription = this.nc.subscribe(prefixed(this.options.prefix, contract.subject), {
      callback: (_error, message) => {
        let payload: unknown;
        try {
          payload = JSON.parse(decoder.decode(message.data));
        } catch {
          return;
        }
        const parsed = contract.payload.safeParse(payload);
        if (!parsed.success) {
          this.logger.warn({ issues: parsed.error.issues }, 'invalid import progress event');
          return;
        }
        const { userId: _owner, ...status } = parsed.data;
        this.dispatch(status);
      },
    });
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }

  /** Calls `listener` with each progress event of the import until the returned function is called. */
  listen(importId: string, listener: ImportListener): () => void {
    let set = this.listeners.get(importId);
    if (!set) {
      set = new Set();
      this.listeners.set(importId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(importId);
    };
  }

  /**
   * Starts listening now and holds events until `attach` is called: a caller can then read the
   * current status without missing an event that lands meanwhile.
   */
  open(importId: string): ImportEventBuffer {
    const held: ImportStatus[] = [];
    let target: ImportListener | null = null;
    const stop = this.listen(importId, (status) => (target ? target(status) : held.push(status)));
    return {
      attach: (listener) => {
        target = listener;
        for (const status of held.splice(0)) listener(status);
      },
      close: stop,
    };
  }

  private dispatch(status: ImportStatus): void {
    for (const listener of this.listeners.get(status.id) ?? []) {
      try {
        listener(status);
      } catch (error) {
        this.logger.warn({ err: error, importId: status.id }, 'import listener failed');
      }
    }
  }
}
