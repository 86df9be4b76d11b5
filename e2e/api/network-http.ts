import type { APIRequestContext } from '@playwright/test';
import { request as httpRequest } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent: not decompressed. */
  body: Buffer;
}

/** The session cookie of a signed-in request context, as a Cookie header. */
export async function cookieHeader(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * A GET that shows the wire: HTTP clients (Playwright's included) decompress bodies and hide
 * which encoding came, and the encoding is what these tests are about.
 */
export function rawGet(path: string, headers: Record<string, string>): Promise<RawResponse> {
  const url = new URL(path, process.env.WARMPATH_URL);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
