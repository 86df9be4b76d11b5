import { z } from 'zod';
import { errorBodySchema } from '../errors/error-codes.js';

/** A request-reply message on NATS: `<context>.<entity>.<verb>`, validated on both sides. */
export interface RequestContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'request';
  readonly subject: string;
  readonly request: Req;
  readonly reply: Res;
}

/**
 * A request whose body is raw bytes, sent as they are (no JSON, no base64): for bulk data such as
 * an import's staging batches. Its few small fields (`meta`) travel as JSON in the META_HEADER
 * header and are validated like a request; the body is checked against `maxBytes`. The reply is
 * an ordinary JSON reply envelope.
 */
export interface BytesRequestContract<Meta extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'bytes-request';
  readonly subject: string;
  readonly meta: Meta;
  /** Largest body accepted; an empty body is refused too. */
  readonly maxBytes: number;
  readonly reply: Res;
}

/** NATS header carrying the JSON `meta` of a bytes request. */
export const META_HEADER = 'x-meta';

/** An event (past tense subject), published once and consumed by whoever cares. */
export interface EventContract<Payload extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly subject: string;
  readonly payload: Payload;
}

export function defineRequest<Req extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  request: Req,
  reply: Res,
): RequestContract<Req, Res> {
  return { kind: 'request', subject, request, reply };
}

export function defineBytesRequest<Meta extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  meta: Meta,
  maxBytes: number,
  reply: Res,
): BytesRequestContract<Meta, Res> {
  return { kind: 'bytes-request', subject, meta, maxBytes, reply };
}

export function defineEvent<Payload extends z.ZodType>(
  subject: string,
  payload: Payload,
): EventContract<Payload> {
  return { kind: 'event', subject, payload };
}

export type RequestOf<C> = C extends RequestContract<infer Req, z.ZodType> ? z.infer<Req> : never;
export type ReplyOf<C> =
  C extends RequestContract<z.ZodType, infer Res>
    ? z.infer<Res>
    : C extends BytesRequestContract<z.ZodType, infer Res>
      ? z.infer<Res>
      : never;
export type MetaOf<C> = C extends BytesRequestContract<infer Meta, z.ZodType> ? z.infer<Meta> : never;
export type PayloadOf<C> = C extends EventContract<infer P> ? z.infer<P> : never;

/** The envelope of every reply on the bus. */
export const replyEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: errorBodySchema }),
]);
export type ReplyEnvelope = z.infer<typeof replyEnvelopeSchema>;

/** NATS header carrying the request id from the gateway through every service. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * NATS header carrying when the caller stops waiting for the reply (epoch milliseconds), so a
 * service can drop costly work nobody will read (the auth service's password hashing).
 */
export const DEADLINE_HEADER = 'x-deadline';
