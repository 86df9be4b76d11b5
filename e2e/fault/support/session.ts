import { expect, type APIRequestContext } from '@playwright/test';
import { generateLinkedInCsv } from '@warmpath/testing';
import { newUser, type TestUser } from '../../support/users.js';

/** Registers a fresh user (the context keeps the session) and answers it with its cookie header. */
export async function signUp(api: APIRequestContext): Promise<{ user: TestUser; cookie: string }> {
  const user = newUser();
  const response = await api.post('/api/register', { data: { ...user, confirmPassword: user.password } });
  expect(response.status(), await response.text()).toBe(201);
  const { cookies } = await api.storageState();
  return { user, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

/** An export of `rows` distinct people (deterministic per seed). */
export function exportOf(rows: number, seed = 7): string {
  return generateLinkedInCsv(rows, { seed });
}

/** Uploads a CSV to the import route, asking for the 202 at once. */
export function uploadCsv(api: APIRequestContext, csv: string) {
  return api.post('/api/network/import/authenticated', {
    headers: { prefer: 'respond-async' },
    multipart: { file: { name: 'Connections.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    timeout: 30_000,
  });
}

/**
 * Uploads once infrastructure is back: each service reconnects on its own schedule, so the
 * service that takes uploads may answer a moment after the one a probe watched. Retries 503s
 * until `withinMs` after `upAt` and answers the last response (a 202 if all came back in time).
 */
export async function uploadOnceBack(api: APIRequestContext, csv: string, upAt: number, withinMs: number) {
  let upload = await uploadCsv(api, csv);
  while (upload.status() === 503 && Date.now() - upAt < withinMs) {
    await new Promise((resume) => setTimeout(resume, 250));
    upload = await uploadCsv(api, csv);
  }
  return upload;
}
