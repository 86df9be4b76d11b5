import { expect, test } from '@playwright/test';
import type { ImportAccepted } from '@warmpath/contracts';
import { buildZip, generateArchive } from '@warmpath/testing';
import { signUp, upload, waitForImport } from './import.testing.js';

// A messages.csv larger than the signals thread's heap (64 MB) is read whole: the thread keeps
// per conversation only counts and dates, never the file's text (docs/warmth.md#reading-it). When
// its keys were substrings of the file's chunks, they kept every chunk alive and the thread ran
// out of memory: the import completed without any warmth, and said nothing.

test('an archive whose messages.csv outweighs the signals thread’s heap gets every message counted', async ({
  request,
}) => {
  test.setTimeout(180_000);
  await signUp(request);
  const archive = generateArchive({ seed: 23, connections: 2000, messages: 300_000 });
  const messages = archive.files.find((file) => file.name === 'messages.csv');
  expect(Buffer.byteLength(messages?.data ?? '')).toBeGreaterThan(80 * 1024 * 1024);
  const response = await upload(request, buildZip(archive.files), {
    fileName: 'Complete_LinkedInDataExport_11-27-2026.zip',
    mimeType: 'application/zip',
    async: true,
  });
  expect(response.status(), await response.text()).toBe(202);
  const status = await waitForImport(request, ((await response.json()) as ImportAccepted).id, 150_000);
  expect(status.state, JSON.stringify(status.error)).toBe('completed');
  expect(status.signals?.files).toContainEqual({ name: 'messages.csv', rows: 300_000 });
  expect(status.signals?.messages).toBe(300_000);
  expect(status.signals?.connections).toBeGreaterThan(1000);
});
