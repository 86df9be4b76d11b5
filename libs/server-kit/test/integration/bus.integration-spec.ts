import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { defineBytesRequest, defineEvent, defineRequest, META_HEADER } from '@warmpath/contracts';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  BusClient,
  createLogger,
  NATS_CONNECTION,
  currentRequestId,
  HandleEvent,
  HandleRequest,
  requestContext,
  ServiceError,
  ServiceKitModule,
  baseEnvSchema,
} from '../../src/index.js';

const echo = defineRequest(
  'test.echo.run',
  z.object({ text: z.string().min(1) }),
  z.object({ text: z.string(), requestId: z.string() }),
);
const fail = defineRequest('test.fail.run', z.object({}), z.object({}));
const badReply = defineRequest('test.bad-reply.run', z.object({}), z.object({ count: z.number() }));
const slow = defineRequest('test.slow.run', z.object({}), z.object({}));
const nobody = defineRequest('test.nobody.run', z.object({}), z.object({}));
const measure = defineBytesRequest(
  'test.bytes.measure',
  z.object({ label: z.string().min(1) }),
  16,
  z.object({ label: z.string(), bytes: z.array(z.number()) }),
);
const happened = defineEvent('test.thing.happened', z.object({ n: z.number() }));
const received: number[] = [];

@Injectable()
class TestHandler {
  @HandleRequest(echo)
  echo({ text }: { text: string }) {
    return { text: text.toUpperCase(), requestId: currentRequestId() ?? 'none' };
  }

  @HandleRequest(fail)
  fail(): never {
    throw new ServiceError('CONFLICT', 'Already there');
  }

  @HandleRequest(badReply)
  badReply() {
    return { count: 'not a number' };
  }

  @HandleRequest(slow)
  async slow() {
    await new Promise((r) => setTimeout(r, 1500));
    return {};
  }

  @HandleRequest(measure)
  measure({ label }: { label: string }, body: Uint8Array) {
    return { label, bytes: [...body] };
  }

  @HandleEvent(happened)
  onHappened({ n }: { n: number }) {
    received.push(n);
  }
}

const config = baseEnvSchema.parse({
  NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
  NATS_PREFIX: `it${randomBytes(4).toString('hex')}`,
  NATS_REQUEST_TIMEOUT_MS: '500',
  LOG_LEVEL: 'silent',
});

@Module({})
class TestModule {}

describe('the NATS bus (real nats-server)', () => {
  let app: INestApplicationContext;
  let bus: BusClient;

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(
      {
        module: TestModule,
        imports: [
          ServiceKitModule.forRoot({
            service: 'test',
            config,
            logger: createLogger('test', 'silent'),
            answersHealth: false,
          }),
        ],
        providers: [TestHandler],
      },
      { logger: false },
    );
    await app.init();
    bus = app.get(BusClient);
  });

  afterAll(async () => {
    await app.close();
  });

  it('round-trips a request, validated on both sides, carrying the request id', async () => {
    const reply = await requestContext.run({ requestId: 'req-123' }, () =>
      bus.request(echo, { text: 'hello' }),
    );
    expect(reply).toEqual({ text: 'HELLO', requestId: 'req-123' });
  });

  it('refuses an invalid request before it leaves the caller', async () => {
    await expect(bus.request(echo, { text: '' })).rejects.toThrow();
  });

  it('carries a service error with its code and message back to the caller', async () => {
    await expect(bus.request(fail, {})).rejects.toMatchObject({ code: 'CONFLICT', message: 'Already there' });
  });

  it('turns a reply that breaks its contract into an internal error', async () => {
    await expect(bus.request(badReply, {})).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('answers SERVICE_TIMEOUT when the handler is too slow', async () => {
    await expect(bus.request(slow, {})).rejects.toMatchObject({ code: 'SERVICE_TIMEOUT' });
  });

  it('answers SERVICE_UNAVAILABLE at once when nobody handles the subject', async () => {
    const started = Date.now();
    await expect(bus.request(nobody, {})).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('sends a bytes request body as it is, with its meta validated on both sides', async () => {
    // Bytes that are not valid UTF-8 (0xff, 0xfe) and a NUL: nothing on the way may decode them.
    const body = Uint8Array.from([0, 0xff, 0xfe, 9, 10, 65]);
    await expect(bus.requestBytes(measure, { label: 'batch' }, body)).resolves.toEqual({
      label: 'batch',
      bytes: [0, 0xff, 0xfe, 9, 10, 65],
    });
    await expect(bus.requestBytes(measure, { label: '' }, body)).rejects.toThrow();
  });

  it('refuses an empty or oversized bytes body before it leaves the caller', async () => {
    await expect(bus.requestBytes(measure, { label: 'x' }, new Uint8Array(0))).rejects.toThrow(
      'test.bytes.measure takes 1 to 16 bytes, not 0',
    );
    await expect(bus.requestBytes(measure, { label: 'x' }, new Uint8Array(17))).rejects.toThrow(RangeError);
  });

  it('answers VALIDATION_FAILED to a bytes request with a bad meta or body from another client', async () => {
    const nc = app.get<NatsConnection>(NATS_CONNECTION);
    const ask = async (meta: string | null, body: Uint8Array) => {
      const hdrs = natsHeaders();
      if (meta !== null) hdrs.set(META_HEADER, meta);
      const reply = await nc.request(`${config.NATS_PREFIX}.test.bytes.measure`, body, {
        timeout: 500,
        headers: hdrs,
      });
      return JSON.parse(new TextDecoder().decode(reply.data)) as unknown;
    };
    const invalid = {
      ok: false,
      error: { code: 'VALIDATION_FAILED', message: 'Invalid test.bytes.measure request' },
    };
    expect(await ask(null, Uint8Array.of(1))).toEqual(invalid);
    expect(await ask('{"label":', Uint8Array.of(1))).toEqual(invalid);
    expect(await ask('{"label":"x"}', new Uint8Array(17))).toEqual(invalid);
    expect(await ask('{"label":"x"}', Uint8Array.of(1))).toEqual({
      ok: true,
      data: { label: 'x', bytes: [1] },
    });
  });

  it('delivers events to the handler', async () => {
    bus.publish(happened, { n: 7 });
    const deadline = Date.now() + 2000;
    while (!received.includes(7) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual([7]);
  });
});
