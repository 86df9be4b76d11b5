import { expect, test } from '@playwright/test';
import { startService, stopService, waitForHealth } from '../support/stack-control.js';
import { askVia, benWorld, decline, lastHop, pathToBen, via } from './intro-feedback.testing.js';

// Intro feedback (docs/warmth.md#feedback-from-introductions) survives the network service being
// down when the answer is given.

// Runs alone (docs/developer-guide.md#the-loop): it stops and starts the network service of the
// shared stack.
test.describe.configure({ lock: '-exclusive-' });

test('a decline made while the network service is down still moves the path once it is back', async ({
  playwright,
  baseURL,
}) => {
  const w = await benWorld(playwright, baseURL as string, 9, 3);
  expect(via(await pathToBen(w))).toBe(`u${w.alice.userId}`);
  // Asking needs the network service (who knows Ben); answering does not.
  const introId = await askVia(w, w.alice);
  const networkUp = (up: boolean) =>
    waitForHealth((_status, body) => body.missing.includes('network') !== up, 60_000).then(({ body }) =>
      expect(body.missing.includes('network')).toBe(!up),
    );
  await stopService('network');
  try {
    await networkUp(false);
    // The decline's event is published while nobody in the network service listens.
    await decline(w, w.alice, introId);
  } finally {
    await startService('network');
    await networkUp(true);
  }
  await expect.poll(async () => via(await pathToBen(w)), { timeout: 30_000 }).toBe(`u${w.dan.userId}`);
  expect(lastHop(await pathToBen(w))?.explanation).toContain(
    "Alice Connector said they don't know Ben Target well enough",
  );
});
