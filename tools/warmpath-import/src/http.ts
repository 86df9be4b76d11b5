import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Upload {
  url: string;
  token: string;
  path: string;
  fileName: string;
  sizeBytes: number;
  /** Text fields sent before the file. */
  fields: Record<string, string>;
  headers: Record<string, string>;
  onProgress: (sentBytes: number) => void;
}

const quoted = (value: string) =>
  value.replace(/["\\\r\n]/g, (c) => (c === '"' ? '%22' : c === '\\' ? '\\\\' : ''));

/** The message of an error envelope, or the raw text. */
export function messageOf(answer: Answer): string {
  const body = answer.body as { message?: unknown } | string | null;
  if (body && typeof body === 'object' && typeof body.message === 'string') return body.message;
  return typeof body === 'string' && body ? body.slice(0, 200) : `HTTP ${answer.status}`;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Streams a file as multipart/form-data (field `file`), reporting the bytes sent. */
export function uploadFile(upload: Upload): Promise<Answer> {
  const boundary = `----warmpath-import-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    Object.entries(upload.fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted(upload.fileName)}"\r\n` +
      `Content-Type: ${/\.zip$/i.test(upload.fileName) ? 'application/zip' : 'text/csv'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const target = new URL(upload.url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          ...upload.headers,
          authorization: `Bearer ${upload.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + upload.sizeBytes + tail.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const file = createReadStream(upload.path);
    file.on('data', (chunk) => {
      sent += chunk.length;
      upload.onProgress(sent);
      if (!req.write(chunk)) {
        file.pause();
        req.once('drain', () => file.resume());
      }
    });
    file.on('error', (error) => {
      req.destroy(error);
      reject(error);
    });
    file.on('end', () => req.end(tail));
  });
}

export async function getJson(url: string, token: string): Promise<Answer> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  const text = await response.text();
  return { status: response.status, headers: Object.fromEntries(response.headers), body: parse(text) };
}

/** How long a status poll waits out a server that answers 502/503/504 or cannot be reached. */
export const POLL_OUTAGE_MS = 120_000;
const TRANSIENT = new Set([502, 503, 504]);
const MAX_RETRY_AFTER_MS = 5_000;

/** The server's Retry-After (seconds) within 0-5 s, else 1 s. */
function retryDelayMs(answer: Answer | null): number {
  const seconds = Number(answer?.headers['retry-after']);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : 1000;
}

/**
 * GET for a poll of an import's progress. A restart or a deploy of the server (a worker killed, a
 * gateway replaced) answers 502, 503 or 504 or refuses the connection for a while: the poll waits
 * it out, up to `outageMs` of such answers in a row, instead of reporting a file as failed that
 * goes on importing. Past that, the last answer is returned (or the error thrown).
 */
export async function pollJson(url: string, token: string, outageMs = POLL_OUTAGE_MS): Promise<Answer> {
  const since = Date.now();
  for (;;) {
    let answer: Answer | null = null;
    let failure: unknown = null;
    try {
      answer = await getJson(url, token);
    } catch (error) {
      failure = error;
    }
    if (answer && !TRANSIENT.has(answer.status)) return answer;
    if (Date.now() - since >= outageMs) {
      if (answer) return answer;
      throw failure;
    }
    await sleep(retryDelayMs(answer));
  }
}
