import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/chromium.mjs';

/** A persistent context on a throwaway profile; close() also deletes the profile. */
export async function launchBrowser(viewport = { width: 1000, height: 700 }) {
  const profile = mkdtempSync(join(tmpdir(), 'graph-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * JS heap (bytes used) of the page and of each of its workers, through the DevTools protocol:
 * performance.memory does not exist in workers.
 */
export async function heapUsage(context, page) {
  const cdp = await context.newCDPSession(page);
  try {
    const pageHeap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    const attached = [];
    const replies = new Map();
    cdp.on('Target.attachedToTarget', (event) => attached.push(event));
    cdp.on('Target.receivedMessageFromTarget', (event) => {
      const message = JSON.parse(event.message);
      if (message.id === 1) replies.set(event.sessionId, message.result?.usedSize ?? null);
    });
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    await page.waitForTimeout(200);
    for (const { sessionId } of attached)
      await cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }),
      });
    await page.waitForTimeout(300);
    const workers = attached
      .filter((event) => event.targetInfo.type === 'worker')
      .map((event) => replies.get(event.sessionId) ?? 0);
    return {
      page: pageHeap,
      workers: workers.reduce((sum, bytes) => sum + bytes, 0),
      workerCount: workers.length,
    };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
