import { expect, test } from '@playwright/test';
import { buildExportRow, buildLinkedInCsv } from '@warmpath/testing';
import { request as httpRequest } from 'node:http';
import { signUp, upload } from './import-helpers.js';

// Upload checks of docs/product.md#uploads and docs/import.md: which file, which type, how big.
const TEN_MIB = 10 * 1024 * 1024;
const TOO_LARGE =
  'The file is larger than the 10 MB limit. Export your connections again, or split the file, and upload it again.';

test.describe('import uploads', () => {
  test('refuses a signed-out upload to the authenticated routes', async ({ request }) => {
    const csv = buildLinkedInCsv([buildExportRow()]);
    for (const route of ['/api/network/import/authenticated', '/api/linkedin/import-csv']) {
      const response = await upload(request, csv, { route });
      expect(response.status()).toBe(401);
    }
  });

  test("answers a missing file with each dialog's own message", async ({ request }) => {
    await signUp(request);
    const noFile = await request.post('/api/network/import/authenticated', {
      multipart: { note: 'no file here' },
    });
    expect(noFile.status()).toBe(400);
    expect(await noFile.json()).toMatchObject({
      message: 'Please select a CSV file to upload.',
      error: 'Please select a CSV file to upload.',
    });
    const noFileData = await request.post('/api/linkedin/import-csv', {
      multipart: { note: 'no file here' },
    });
    expect(noFileData.status()).toBe(400);
    expect((await noFileData.json()).message).toBe('Please select a file to import.');
    const notMultipart = await request.post('/api/network/import/authenticated', { data: { file: 'x' } });
    expect((await notMultipart.json()).message).toBe('Please select a CSV file to upload.');
  });

  test("refuses a file that is neither text/csv nor named .csv with each dialog's own message", async ({
    request,
  }) => {
    await signUp(request);
    const options = {
      fileName: 'connections.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
    const response = await upload(request, 'PK\u0003\u0004', options);
    expect(response.status()).toBe(415);
    expect((await response.json()).message).toBe('Please upload a CSV file exported from LinkedIn.');
    const data = await upload(request, 'PK\u0003\u0004', { ...options, route: '/api/linkedin/import-csv' });
    expect(data.status()).toBe(415);
    expect((await data.json()).message).toBe('Please upload a CSV file.');
  });

  test('accepts a .csv name whatever the type, and text/csv whatever the name', async ({ request }) => {
    await signUp(request);
    const csv = buildLinkedInCsv([buildExportRow()]);
    expect(
      (
        await upload(request, csv, { fileName: 'Connections.CSV', mimeType: 'application/vnd.ms-excel' })
      ).status(),
    ).toBe(200);
    expect((await upload(request, csv, { fileName: 'export.txt', mimeType: 'text/csv' })).status()).toBe(200);
  });

  test('answers 413 JSON to an announced oversized upload without reading the body', async ({ request }) => {
    await signUp(request);
    const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const answer = await sendPartially({
      cookie,
      contentLength: TEN_MIB + 1024 * 1024,
      bytesToSend: 64 * 1024,
    });
    expect(answer.status).toBe(413);
    // Not closed on the sender: the rest is read and dropped, so a browser gets to read the 413.
    expect(answer.connection).not.toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: TOO_LARGE,
      error: TOO_LARGE,
    });
  });

  test('answers 413 JSON as soon as a streamed upload crosses the limit', async ({ request }) => {
    await signUp(request);
    const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const answer = await sendPartially({ cookie, contentLength: null, bytesToSend: 4 * TEN_MIB });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(TOO_LARGE);
    // The answer came once the limit was crossed, long before the 40 MiB were sent.
    expect(answer.bytesSent).toBeLessThan(2 * TEN_MIB);
  });

  test('serves a realistic sample export at /sample_connections.csv', async ({ request }) => {
    const response = await request.get('/sample_connections.csv');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/csv');
    const text = await response.text();
    const lines = text.trimEnd().split(/\r?\n/);
    expect(lines[0]).toBe('Notes:');
    expect(lines[3]).toBe('First Name,Last Name,URL,Email Address,Company,Position,Connected On');
    expect(lines.length - 4).toBe(150);
    const companies = new Map<string, number>();
    for (const line of lines.slice(4)) {
      const company = line.match(/^(?:[^,]*,){4}("(?:[^"]|"")*"|[^,]*)/)?.[1] ?? '';
      if (company) companies.set(company, (companies.get(company) ?? 0) + 1);
    }
    expect(companies.size).toBeGreaterThanOrEqual(8);
    expect(Math.max(...companies.values())).toBeGreaterThan(15);
  });

  test('imports the sample file itself', async ({ request }) => {
    await signUp(request);
    const sample = await (await request.get('/sample_connections.csv')).body();
    const response = await upload(request, sample, { fileName: 'sample_connections.csv' });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.connections).toHaveLength(151);
    expect(body.relationships.length).toBeGreaterThan(100);
  });
});

interface PartialAnswer {
  status: number;
  connection: string | undefined;
  body: string;
  bytesSent: number;
}

/**
 * Starts a multipart upload and keeps sending until the server answers (or `bytesToSend` are
 * sent), then reads the answer: shows whether the server answered before reading everything.
 */
function sendPartially(options: {
  cookie: string;
  contentLength: number | null;
  bytesToSend: number;
}): Promise<PartialAnswer> {
  const url = new URL('/api/network/import/authenticated', process.env.WARMPATH_URL);
  const boundary = 'warmpathboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const headers: Record<string, string | number> = {
    cookie: options.cookie,
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
  if (options.contentLength !== null) headers['content-length'] = options.contentLength;
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const req = httpRequest(url, { method: 'POST', headers }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, bytesSent }),
      );
    });
    // The server closes the connection after its answer: writes after that may fail, as expected.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const line = Buffer.from(
      'Ana,Silva,https://www.linkedin.com/in/ana,,Acme,CTO,24 Nov 2023\n'.repeat(1000),
    );
    const pump = (): void => {
      if (answered) return;
      if (bytesSent === 0) req.write(head);
      while (!answered && bytesSent < options.bytesToSend) {
        bytesSent += line.length;
        if (!req.write(line)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}
