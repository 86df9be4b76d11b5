import type { NatsConnection } from '@nats-io/transport-node';

/**
 * Whether a connection is known to be down (between a `disconnect` status and the `reconnect`
 * that follows). While it is, a request cannot succeed: callers answer SERVICE_UNAVAILABLE at
 * once instead of waiting for the request's timeout (the client buffers what is sent meanwhile).
 */
export class NatsLink {
  private down = false;
  private readonly lossListeners = new Set<() => void>();

  constructor(private readonly nc: NatsConnection) {}

  isDown(): boolean {
    return this.down || this.nc.isClosed();
  }

  /**
   * Races `work` against the next loss of the connection: a request in flight when the link
   * drops rejects with `onLoss()` at once. The listener is removed when `work` settles.
   */
  async raceLoss<T>(work: Promise<T>, onLoss: () => Error): Promise<T> {
    let remove = () => undefined as void;
    const lost = new Promise<never>((_resolve, reject) => {
      const listener = () => reject(onLoss());
      this.lossListeners.add(listener);
      remove = () => void this.lossListeners.delete(listener);
    });
    try {
      return await Promise.race([work, lost]);
    } finally {
      remove();
    }
  }

  /** Follows the connection's status events (connectNats starts this). */
  async follow(onChange: (type: 'disconnect' | 'reconnect') => void): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect' && !this.down) {
        this.down = true;
        for (const listener of [...this.lossListeners]) listener();
        onChange('disconnect');
      } else if (status.type === 'reconnect' && this.down) {
        this.down = false;
        onChange('reconnect');
      }
    }
  }
}

const links = new WeakMap<NatsConnection, NatsLink>();

/** The link of a connection made by connectNats; connections made elsewhere count as always up. */
export function natsLinkOf(nc: NatsConnection): NatsLink | undefined {
  return links.get(nc);
}

export function trackNatsLink(nc: NatsConnection): NatsLink {
  const link = new NatsLink(nc);
  links.set(nc, link);
  return link;
}
