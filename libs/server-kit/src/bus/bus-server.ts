import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  DEADLINE_HEADER,
  META_HEADER,
  REQUEST_ID_HEADER,
  type BytesRequestContract,
  type EventContract,
  type ReplyEnvelope,
  type RequestContract,
} from '@warmpath/contracts';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { toUnavailableError } from '../errors/infrastructure-error.js';
import { ServiceError } from '../errors/service-error.js';
import { requestContext } from '../logging/request-context.js';
import { LOGGER } from '../logging/logger.tokens.js';
import { busHandlerDuration } from '../health/metrics.js';
import { BUS_OPTIONS, NATS_CONNECTION, prefixed, type BusOptions } from './bus-options.js';
import { HANDLE_EVENT, HANDLE_REQUEST } from './handle-request.decorator.js';

type Handler = (payload: unknown, body?: Uint8Array) => unknown;
type AnyRequestContract = RequestContract | BytesRequestContract;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Finds every @HandleRequest / @HandleEvent method at boot and subscribes it in the service's queue group. */
@Injectable()
export class BusServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(BUS_OPTIONS) private readonly options: BusOptions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const method = (instance as Record<string, Handler | undefined>)[name];
        if (typeof method !== 'function') continue;
        const request = this.reflector.get<AnyRequestContract | undefined>(HANDLE_REQUEST, method);
        const event = this.reflector.get<EventContract | undefined>(HANDLE_EVENT, method);
        if (request) this.subscribeRequest(request, method.bind(instance));
        if (event) this.subscribeEvent(event, method.bind(instance));
      }
    }
  }

  /** Subscribes a handler whose contract is only known at run time (e.g. `<service>.health.check`). */
  register(contract: AnyRequestContract, handler: Handler): void {
    this.subscribeRequest(contract, handler);
  }

  async onApplicationShutdown(): Promise<void> {
    for (const sub of this.subscriptions) sub.unsubscribe();
  }

  private queue(): string {
    return prefixed(this.options.prefix, this.options.service);
  }

  private subscribeRequest(contract: AnyRequestContract, handler: Handler): void {
    const subject = prefixed(this.options.prefix, contract.subject);
    this.subscriptions.push(
      this.nc.subscribe(subject, {
        queue: this.queue(),
        callback: (_err, msg) => void this.answer(contract, handler, msg),
      }),
    );
    this.logger.debug({ subject }, 'handling requests');
  }

  private subscribeEvent(contract: EventContract, handler: Handler): void {
    const subject = prefixed(this.options.prefix, contract.subject);
    this.subscriptions.push(
      this.nc.subscribe(subject, {
        queue: this.queue(),
        callback: (_err, msg) =>
          void this.withContext(msg, async () => {
            try {
              await handler(contract.payload.parse(JSON.parse(decoder.decode(msg.data))));
            } catch (error) {
              this.logger.error({ err: error, subject: contract.subject }, 'event handler failed');
            }
          }),
      }),
    );
  }

  private async answer(contract: AnyRequestContract, handler: Handler, msg: Msg): Promise<void> {
    const stopTimer = busHandlerDuration.startTimer({ subject: contract.subject });
    const envelope = await this.withContext(msg, () => this.run(contract, handler, msg));
    stopTimer({ outcome: envelope.ok ? 'ok' : envelope.error.code });
    msg.respond(encoder.encode(JSON.stringify(envelope)));
  }

  private async run(contract: AnyRequestContract, handler: Handler, msg: Msg): Promise<ReplyEnvelope> {
    const request = readRequest(contract, msg);
    if (!request.success) {
      this.logger.warn({ subject: contract.subject, issues: request.issues }, 'invalid request');
      return {
        ok: false,
        error: { code: 'VALIDATION_FAILED', message: `Invalid ${contract.subject} request` },
      };
    }
    try {
      const reply = contract.reply.safeParse(
        await (contract.kind === 'bytes-request' ? handler(request.data, msg.data) : handler(request.data)),
      );
      if (reply.success) return { ok: true, data: reply.data };
      this.logger.error(
        { subject: contract.subject, issues: reply.error.issues },
        'handler answered an invalid reply',
      );
    } catch (error) {
      if (error instanceof ServiceError) return { ok: false, error: error.toBody() };
      const unavailable = toUnavailableError(error);
      if (unavailable) {
        this.logger.warn({ err: error, subject: contract.subject }, 'infrastructure unavailable');
        return { ok: false, error: unavailable.toBody() };
      }
      this.logger.error({ err: error, subject: contract.subject }, 'request handler failed');
    }
    return { ok: false, error: { code: 'INTERNAL', message: 'Internal error' } };
  }

  private withContext<T>(msg: Msg, fn: () => Promise<T>): Promise<T> {
    const requestId = msg.headers?.get(REQUEST_ID_HEADER) || randomUUID();
    const deadline = Number(msg.headers?.get(DEADLINE_HEADER) || NaN);
    return requestContext.run({ requestId, deadline: Number.isFinite(deadline) ? deadline : undefined }, fn);
  }
}

/** A request's validated fields: the JSON body, or a bytes request's meta header (its body checked for size). */
function readRequest(
  contract: AnyRequestContract,
  msg: Msg,
): { success: true; data: unknown } | { success: false; issues: unknown } {
  if (contract.kind === 'request') return parseJson(decoder.decode(msg.data), contract.request);
  const size = msg.data.byteLength;
  if (size === 0 || size > contract.maxBytes) {
    return { success: false, issues: `body of ${size} bytes (1 to ${contract.maxBytes} accepted)` };
  }
  return parseJson(msg.headers?.get(META_HEADER) ?? '', contract.meta);
}

function parseJson(
  text: string,
  schema: z.ZodType,
): { success: true; data: unknown } | { success: false; issues: unknown } {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success
      ? { success: true, data: result.data }
      : { success: false, issues: result.error.issues };
  } catch (error) {
    return { success: false, issues: String(error) };
  }
}
