import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import { ServiceError } from '@warmpath/server-kit';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { GatewayConfig } from '../config/gateway.config.js';
import { installRequestDeadline } from './request-deadline.js';

// The web app's static files (web-app.ts, @fastify/static) do not load under jest; no API path
// here reaches them.
jest.unstable_mockModule('./web-app.js', () => ({ sendAppShell: () => false }));
const { ErrorFilter } = await import('./error.filter.js');

/**
 * A Fastify app whose handlers fail through the filter as Nest's router does: the handler's error
 * goes to filter.catch with the request and reply. Its log lines are kept.
 */
function appWithFilter(lines: string[]) {
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  const filter = new ErrorFilter(logger, { WEB_DIST: '' } as GatewayConfig);
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
  const route = (path: string, handler: () => Promise<unknown>) =>
    app.get(path, async (request, reply) => {
      try {
        return await handler();
      } catch (error) {
        const host = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }) };
        filter.catch(error, host as unknown as ArgumentsHost);
        return reply;
      }
    });
  return { app, route };
}

describe('ErrorFilter', () => {
  const apps: { close: () => Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('answers a service error in the envelope', async () => {
    const { app, route } = appWithFilter([]);
    apps.push(app);
    route('/missing', async () => {
      throw new ServiceError('NOT_FOUND', 'Workspace not found');
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${base}/missing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Workspace not found' });
  });

  it('leaves a request the deadline already answered alone when its handler fails later', async () => {
    const lines: string[] = [];
    const { app, route } = appWithFilter(lines);
    apps.push(app);
    installRequestDeadline(app, 100, 5);
    let failed: () => void = () => undefined;
    const handlerFailed = new Promise<void>((resolve) => (failed = resolve));
    route('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      setImmediate(failed);
      throw new ServiceError('SERVICE_UNAVAILABLE', 'network.team-graph.get did not answer in time');
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${base}/slow`);
    expect(response.status).toBe(503);
    await handlerFailed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Before, the late failure tried a second answer: Fastify's "Reply was already sent" warning.
    expect(lines.join('\n')).not.toContain('Reply was already sent');
    expect(lines.join('\n')).toContain('did not answer in time');
  });
});
