import { expect, test } from '@playwright/test';
import type { ImportAccepted, ImportList } from '@warmpath/contracts';
import { buildExportRow, buildLinkedInCsv } from '@warmpath/testing';
import { randomBytes } from 'node:crypto';
import { signUp } from './import-helpers.js';

// docs/api.md: Idempotency-Key on the import routes.
/** A one-person export (its e-mail and URL are random: build it once to send the same bytes again). */
const csvOf = (name: string) => buildLinkedInCsv([buildExportRow({ firstName: name, lastName: 'Idem' })]);
const key = () => `test-${randomBytes(8).toString('hex')}`;

const send = (
  request: import('@playwright/test').APIRequestContext,
  content: string,
  headers: Record<string, string>,
  route = '/api/network/import/authenticated',
) =>
  request.post(route, {
    headers,
    multipart: { file: { name: 'Connections.csv', mimeType: 'text/csv', buffer: Buffer.from(content) } },
  });

test.describe('Idempotency-Key', () => {
  test('a retry with the same key and bytes answers the same import; other bytes are 409', async ({
    request,
  }) => {
    await signUp(request);
    const headers = { prefer: 'respond-async', 'idempotency-key': key() };
    const ana = csvOf('Ana');
    const first = await send(request, ana, headers);
    expect(first.status()).toBe(202);
    const firstBody = (await first.json()) as ImportAccepted;
    const retry = await send(request, ana, headers);
    expect(retry.status()).toBe(202);
    expect(retry.headers()['idempotent-replayed']).toBe('true');
    const retryBody = (await retry.json()) as ImportAccepted;
    expect(retryBody.id).toBe(firstBody.id);
    expect(retryBody.statusUrl).toBe(firstBody.statusUrl);

    const other = await send(request, csvOf('Bea'), headers);
    expect(other.status()).toBe(409);
    expect((await other.json()).message).toBe(
      'This Idempotency-Key was already used with a different file. Send a new key for a new file.',
    );
    const list = (await (await request.get('/api/imports')).json()) as ImportList;
    expect(list.imports.map((i) => i.id)).toEqual([firstBody.id]);
  });

  test('concurrent duplicates answer one import', async ({ request }) => {
    await signUp(request);
    const headers = { prefer: 'respond-async', 'idempotency-key': key() };
    const cai = csvOf('Cai');
    const answers = await Promise.all([1, 2, 3].map(() => send(request, cai, headers)));
    const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as ImportAccepted).id));
    expect(answers.map((a) => a.status())).toEqual([202, 202, 202]);
    expect(new Set(ids).size).toBe(1);
    const list = (await (await request.get('/api/imports')).json()) as ImportList;
    expect(list.imports).toHaveLength(1);
  });

  test('without Prefer, a retry answers 200 with the network like the first', async ({ request }) => {
    await signUp(request);
    const headers = { 'idempotency-key': key() };
    const dan = csvOf('Dan');
    const first = await send(request, dan, headers, '/api/linkedin/import-csv');
    expect(first.status()).toBe(200);
    const retry = await send(request, dan, headers, '/api/linkedin/import-csv');
    expect(retry.status()).toBe(200);
    expect(await retry.json()).toEqual(await first.json());
    const list = (await (await request.get('/api/imports')).json()) as ImportList;
    expect(list.imports).toHaveLength(1);
  });

  test('keys belong to their user', async ({ request, playwright, baseURL }) => {
    await signUp(request);
    const headers = { prefer: 'respond-async', 'idempotency-key': key() };
    const mine = (await (await send(request, csvOf('Eve'), headers)).json()) as ImportAccepted;
    const other = await playwright.request.newContext({ baseURL });
    try {
      await signUp(other);
      const theirs = await send(other, csvOf('Fay'), headers);
      expect(theirs.status()).toBe(202);
      expect(((await theirs.json()) as ImportAccepted).id).not.toBe(mine.id);
    } finally {
      await other.dispose();
    }
  });

  test('refuses a malformed key with 400 and imports nothing', async ({ request }) => {
    await signUp(request);
    const response = await send(request, csvOf('Gus'), { 'idempotency-key': 'has spaces in it' });
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBe(
      'Idempotency-Key must be 1 to 255 visible ASCII characters.',
    );
    expect(((await (await request.get('/api/imports')).json()) as ImportList).imports).toEqual([]);
  });
});
