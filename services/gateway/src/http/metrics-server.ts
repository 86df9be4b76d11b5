import { metricsRegistry } from '@warmpath/server-kit';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';

/**
 * Prometheus metrics on a port of their own (METRICS_PORT), never on the public one: the scraper
 * reaches the pod's port directly, users reach only the public port through the Service/Ingress.
 */
export async function startMetricsServer(host: string, port: number, logger: Logger): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics failed');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  logger.info({ port: (server.address() as AddressInfo).port }, 'metrics listening');
  return server;
}
