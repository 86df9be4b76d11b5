import { Inject, Injectable } from '@nestjs/common';
import {
  headers as natsHeaders,
  NoRespondersError,
  TimeoutError,
  type NatsConnection,
} from '@nats-io/transport-node';
import {
  DEADLINE_HEADER,
  META_HEADER,
  REQUEST_ID_HEADER,
  replyEnvelopeSchema,
  type BytesRequestContract,
  type EventContract,
  type MetaOf,
  type PayloadOf,
  type ReplyOf,
  type RequestContract,
  type RequestOf,
} from '@warmpath/contracts';
import { randomUUID } from 'node:crypto';
import { ServiceError } from '../errors/service-error.js';
import { currentRequestId } from '../logging/request-context.js';
import { BUS_OPTIONS, NATS_CONNECTION, prefixed, type BusOptions } from './bus-options.js';
import { natsLinkOf } from './nats-link.js';

export interface RequestOptions {
  timeoutMs?: number;
  requestId?: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Typed request-reply and events over NATS, validated against libs/contracts on both sides. */
@Injectable()
export class BusClient {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(BUS_OPTIONS) private readonly options: BusOptions,
  ) {}

  async request<C extends RequestContract>(
    contract: C,
    payload: RequestOf<C>,
    options: RequestOptions = {},
  ): Promise<ReplyOf<C>> {
    const body = contract.request.parse(payload);
    const raw = await this.send(contract.subject, encoder.encode(JSON.stringify(body)), options);
    return this.readReply(contract, raw);
  }

  /** A bytes request: `body` is sent as it is (see BytesRequestContract), `meta` in a header. */
  async requestBytes<C extends BytesRequestContract>(
    contract: C,
    meta: MetaOf<C>,
    body: Uint8Array,
    options: RequestOptions = {},
  ): Promise<ReplyOf<C>> {
    if (body.byteLength === 0 || body.byteLength > contract.maxBytes) {
      throw new RangeError(
        `${contract.subject} takes 1 to ${contract.maxBytes} bytes, not ${body.byteLength}`,
      );
    }
    const metaJson = JSON.stringify(contract.meta.parse(meta));
    const raw = await this.send(contract.subject, body, options, metaJson);
    return this.readReply(contract, raw);
  }

  private async send(
    subject: string,
    data: Uint8Array,
    options: RequestOptions,
    meta?: string,
  ): Promise<Uint8Array> {
    const hdrs = natsHeaders();
    hdrs.set(REQUEST_ID_HEADER, options.requestId ?? currentRequestId() ?? randomUUID());
    if (meta !== undefined) hdrs.set(META_HEADER, meta);
    const link = natsLinkOf(this.nc);
    if (link?.isDown()) throw natsDown(subject);
    const timeout = options.timeoutMs ?? this.options.requestTimeoutMs;
    hdrs.set(DEADLINE_HEADER, String(Date.now() + timeout));
    try {
      const reply = this.nc.request(prefixed(this.options.prefix, subject), data, {
        timeout,
        headers: hdrs,
      });
      // A connection lost mid-request will not bring the answer back: say so now, not at the timeout.
      return (link ? await link.raceLoss(reply, () => natsDown(subject)) : await reply).data;
    } catch (error) {
      throw toBusError(error, subject);
    }
  }

  private readReply<C extends RequestContract | BytesRequestContract>(
    contract: C,
    raw: Uint8Array,
  ): ReplyOf<C> {
    const envelope = replyEnvelopeSchema.parse(JSON.parse(decoder.decode(raw)));
    if (!envelope.ok) throw ServiceError.from(envelope.error);
    return contract.reply.parse(envelope.data) as ReplyOf<C>;
  }

  publish<C extends EventContract>(contract: C, payload: PayloadOf<C>): void {
    const body = contract.payload.parse(payload);
    const hdrs = natsHeaders();
    const requestId = currentRequestId();
    if (requestId) hdrs.set(REQUEST_ID_HEADER, requestId);
    this.nc.publish(prefixed(this.options.prefix, contract.subject), encoder.encode(JSON.stringify(body)), {
      headers: hdrs,
    });
  }
}

function natsDown(subject: string): ServiceError {
  return new ServiceError('SERVICE_UNAVAILABLE', `NATS is unreachable: ${subject} cannot be asked`);
}

function isError(value: unknown, type: new (...args: never[]) => Error): boolean {
  return value instanceof type || (value instanceof Error && value.cause instanceof type);
}

/** No responder and timeouts become typed errors the gateway maps to 503 and 504. */
export function toBusError(error: unknown, subject: string): Error {
  if (isError(error, NoRespondersError))
    return new ServiceError('SERVICE_UNAVAILABLE', `No service answers ${subject}`);
  if (isError(error, TimeoutError))
    return new ServiceError('SERVICE_TIMEOUT', `${subject} did not answer in time`);
  return error instanceof Error ? error : new Error(String(error));
}
