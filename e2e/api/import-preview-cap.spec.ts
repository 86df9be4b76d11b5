import { expect, test } from '@playwright/test';
import type { ImportResult } from '@warmpath/contracts';
import { generateLinkedInCsv } from '@warmpath/testing';
import { upload } from './import.testing.js';

// The anonymous preview reads at most 30,000 rows (LinkedIn's maximum): that bounds its answer
// and the import worker's memory per preview.

test('an anonymous preview of 30,000 connections is answered in full', async ({ request }) => {
  const response = await upload(request, generateLinkedInCsv(30_000, { seed: 30 }), {
    route: '/api/network/import',
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as ImportResult;
  expect(body.connections).toHaveLength(30_001);
});

test('an anonymous preview of more than 30,000 rows is refused with a clear message', async ({ request }) => {
  const response = await upload(request, generateLinkedInCsv(30_001, { seed: 31 }), {
    route: '/api/network/import',
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).message).toBe(
    "This file has more than 30,000 connections, LinkedIn's maximum. Sign in to import it.",
  );
});
