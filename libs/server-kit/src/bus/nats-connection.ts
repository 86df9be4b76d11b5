import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { trackNatsLink } from './nats-link.js';

/**
 * Connects once at boot and keeps reconnecting forever: a NATS restart must never take a
 * service down with it. `waitOnFirstConnect` lets a service boot before NATS is up.
 */
export async function connectNats(url: string, name: string, logger: Logger): Promise<NatsConnection> {
  const nc = await connect({
    servers: url,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
    pingInterval: 10_000,
  });
  void trackNatsLink(nc).follow((type) => logger.warn({ nats: type }, `NATS ${type}`));
  return nc;
}
