import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { defineRequest } from '@warmpath/contracts';
import { z } from 'zod';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  baseEnvSchema,
  BusClient,
  createLogger,
  HandleRequest,
  NATS_CONNECTION,
  ServiceKitModule,
} from '../../src/index.js';
import { freePort, NatsProcess } from './support/nats-process.js';

const ping = defineRequest('test.ping.run', z.object({}), z.object({ pong: z.literal(true) }));
const slow = defineRequest('test.slow-ping.run', z.object({}), z.object({ pong: z.literal(true) }));

@Injectable()
class PingHandler {
  @HandleRequest(ping)
  ping() {
    return { pong: true as const };
  }

  @HandleRequest(slow)
  async slow() {
    await new Promise((r) => setTimeout(r, 2000));
    return { pong: true as const };
  }
}

@Module({})
class TestModule {}

async function nextStatus(nc: NatsConnection, type: string): Promise<void> {
  for await (const status of nc.status()) if (status.type === type) return;
}

/**
 * A request timeout far longer than the test's own: a SERVICE_TIMEOUT could only come after it,
 * so SERVICE_UNAVAILABLE shows the caller did not wait for it while NATS was down.
 */
describe('the bus while its NATS server is down (own nats-server)', () => {
  let nats: NatsProcess;
  let app: INestApplicationContext;
  let bus: BusClient;

  beforeAll(async () => {
    nats = new NatsProcess(await freePort());
    await nats.start();
    const config = baseEnvSchema.parse({
      NATS_URL: nats.url,
      NATS_REQUEST_TIMEOUT_MS: '60000',
      LOG_LEVEL: 'silent',
    });
    app = await NestFactory.createApplicationContext(
      {
        module: TestModule,
        imports: [
          ServiceKitModule.forRoot({ service: 'test', config, logger: createLogger('test', 'silent') }),
        ],
        providers: [PingHandler],
      },
      { logger: false },
    );
    await app.init();
    bus = app.get(BusClient);
  });

  afterAll(async () => {
    await app?.close();
    await nats?.stop();
  });

  it('answers, then SERVICE_UNAVAILABLE while NATS is down, then answers again once it is back', async () => {
    await expect(bus.request(ping, {})).resolves.toEqual({ pong: true });

    const inFlight = bus.request(slow, {});
    await nats.stop();
    await expect(inFlight).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(bus.request(ping, {})).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    const reconnected = nextStatus(app.get<NatsConnection>(NATS_CONNECTION), 'reconnect');
    await nats.start();
    // Waits on the reconnection itself (the client's status events), not a guessed delay.
    await reconnected;
    await expect(bus.request(ping, {})).resolves.toEqual({ pong: true });
  }, 25_000);
});
