import { expect, test } from '@playwright/test';
import { connect } from 'node:net';
import { newUser, registerUser } from '../support/users.js';

// A browser reads an answer only once it has sent its whole body: if the server closes the
// connection on it mid-upload, the browser reports a network error instead of the 413. So the
// gateway must answer at once and then keep reading (and dropping) what the browser still sends.

const TOO_LARGE =
  'The file is larger than the 10 MB limit. Export your connections again, or split the file, and upload it again.';

/** Sends `total` body bytes after the headers, all of them even once the answer came, as a browser does. */
function uploadLikeABrowser(
  cookie: string,
  total: number,
): Promise<{ answer: string; writeError: string | null }> {
  const { hostname, port } = new URL(process.env.WARMPATH_URL!);
  const boundary = 'oversize';
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    let writeError: string | null = null;
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 65);
    socket.on('data', (data) => (answer += data.toString('utf8')));
    socket.on('error', (error) => (writeError = (error as NodeJS.ErrnoException).code ?? error.message));
    socket.on('close', () => resolve({ answer, writeError }));
    socket.write(
      `POST /api/network/import/authenticated HTTP/1.1\r\nhost: x\r\ncookie: ${cookie}\r\n` +
        `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${total}\r\n\r\n`,
    );
    const pump = (): void => {
      while (sent < total && !socket.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!socket.write(part)) return void socket.once('drain', pump);
      }
      // Everything sent: a browser now reads the answer and is done with the connection.
      if (!socket.destroyed) setTimeout(() => socket.end(), 200);
    };
    // Start the body only once the answer has come, to be sure it came mid-upload.
    socket.once('data', pump);
    setTimeout(pump, 2000);
  });
}

test("an oversized upload's 413 comes at once, and the connection takes the rest of the body", async ({
  request,
}) => {
  await registerUser(request, newUser());
  const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const { answer, writeError } = await uploadLikeABrowser(cookie, 12 * 1024 * 1024);
  expect(writeError).toBeNull();
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toMatchObject({
    code: 'PAYLOAD_TOO_LARGE',
    message: TOO_LARGE,
  });
});
