import type { FastifyReply } from 'fastify';

/** A Fastify reply for unit tests that records what a route answered: status, headers, body. */
export function fakeReply() {
  const answer = { status: 200, headers: {} as Record<string, unknown>, body: undefined as unknown };
  const reply = {
    header(name: string, value: unknown) {
      answer.headers[name] = value;
      return reply;
    },
    status(code: number) {
      answer.status = code;
      return reply;
    },
    async send(body?: unknown) {
      answer.body = body;
    },
  };
  return { reply: reply as unknown as FastifyReply, answer };
}
