import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, ServiceError } from '@warmpath/server-kit';
import type { GatewayConfig } from '../../config/gateway.config.js';

export const TOO_MANY_STREAMS = 'Too many open progress streams. Close a few tabs and try again.';

/**
 * Open progress streams (SSE) per user on this gateway replica, capped at IMPORT_SSE_MAX_PER_USER:
 * each holds a socket, a timer and a NATS subscription for as long as the browser keeps it.
 */
@Injectable()
export class StreamSlots {
  private readonly open = new Map<number, number>();

  constructor(@Inject(SERVICE_CONFIG) private readonly config: GatewayConfig) {}

  /** Takes a slot for the user, or refuses 429; the answer frees it (call once). */
  claim(userId: number): () => void {
    const count = this.open.get(userId) ?? 0;
    if (count >= this.config.IMPORT_SSE_MAX_PER_USER)
      throw new ServiceError('RATE_LIMITED', TOO_MANY_STREAMS);
    this.open.set(userId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left > 0) this.open.set(userId, left);
      else this.open.delete(userId);
    };
  }
}
