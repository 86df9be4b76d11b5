import { describe, expect, it } from '@jest/globals';
import { ModelAnswerTooLarge, modelFetch, retryAfterSecondsOf } from './model-fetch.js';

const answering =
  (response: Response): typeof fetch =>
  async () =>
    response;

describe('modelFetch', () => {
  it('passes an answer within the cap through whole', async () => {
    const guarded = modelFetch(100, answering(new Response('{"ok":true}', { status: 200 })));
    expect(await (await guarded('http://model')).json()).toEqual({ ok: true });
  });

  it('fails reading an answer past the cap with ModelAnswerTooLarge', async () => {
    const guarded = modelFetch(100, answering(new Response('x'.repeat(1000), { status: 200 })));
    await expect((await guarded('http://model')).text()).rejects.toBeInstanceOf(ModelAnswerTooLarge);
  });

  it('tells the openai client not to retry a 429, keeping its Retry-After', async () => {
    const guarded = modelFetch(
      100,
      answering(new Response('{}', { status: 429, headers: { 'retry-after': '30' } })),
    );
    const response = await guarded('http://model');
    expect([
      response.status,
      response.headers.get('x-should-retry'),
      response.headers.get('retry-after'),
    ]).toEqual([429, 'false', '30']);
  });
});

describe('retryAfterSecondsOf', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['seconds', { 'retry-after': '20' }, 20],
    ['milliseconds (OpenAI)', { 'retry-after-ms': '1500' }, 2],
    ['an HTTP date', { 'retry-after': 'Thu, 01 Jan 2026 00:00:42 GMT' }, 42],
    ['a wait past an hour, capped', { 'retry-after': '86400' }, 3600],
    ['zero, raised to a second', { 'retry-after': '0' }, 1],
  ])('reads %s', (_name, headers, seconds) => {
    expect(retryAfterSecondsOf(new Headers(headers), now)).toBe(seconds);
  });

  it('is undefined without a usable hint', () => {
    expect(retryAfterSecondsOf(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterSecondsOf(undefined, now)).toBeUndefined();
  });
});
