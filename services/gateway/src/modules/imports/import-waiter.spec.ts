import { describe, expect, it } from '@jest/globals';
import type { ImportStatus } from '@warmpath/contracts';
import type { BusClient } from '@warmpath/server-kit';
import type { ImportEventsHub, ImportListener } from './import-events.hub.js';
import { buildImportStatus, IMPORT_ID as ID } from '@warmpath/testing';
import { ImportWaiter, latestStatus } from './import-waiter.js';

const status = buildImportStatus;

/** A hub whose events the test emits, and a bus answering reads from a list. */
function fakes(reads: ImportStatus[]) {
  const listeners = new Set<ImportListener>();
  const hub = {
    listen: (_id: string, listener: ImportListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as ImportEventsHub;
  let read = 0;
  const bus = { request: async () => reads[Math.min(read++, reads.length - 1)] } as unknown as BusClient;
  const emit = (event: ImportStatus) => listeners.forEach((listener) => listener(event));
  return { waiter: new ImportWaiter(hub, bus), emit, listeners, reads: () => read };
}

describe('latestStatus', () => {
  it('prefers an ended import, then a later attempt, then the later update', () => {
    const parsing = status({ updatedAt: '2026-01-01T00:00:05.000Z' });
    const failed = status({ state: 'failed', updatedAt: '2026-01-01T00:00:01.000Z' });
    expect(latestStatus(parsing, failed)).toBe(failed);
    const retry = status({ attempt: 2, updatedAt: '2026-01-01T00:00:00.000Z' });
    expect(latestStatus(parsing, retry)).toBe(retry);
    const later = status({ rowsRead: 100, updatedAt: '2026-01-01T00:00:06.000Z' });
    expect(latestStatus(later, parsing)).toBe(later);
  });
});

describe('ImportWaiter', () => {
  it('answers at once when the import has already ended', async () => {
    const done = status({ state: 'completed' });
    const { waiter, listeners } = fakes([done]);
    await expect(waiter.waitForEnd(ID, 1, 10_000)).resolves.toBe(done);
    expect(listeners.size).toBe(0);
  });

  it('ends the wait on the completed event, without waiting for a poll', async () => {
    const { waiter, emit } = fakes([status({})]);
    const waiting = waiter.waitForEnd(ID, 1, 10_000);
    await new Promise((resolve) => setImmediate(resolve));
    const started = Date.now();
    emit(status({ state: 'completed', updatedAt: '2026-01-01T00:00:09.000Z' }));
    await expect(waiting).resolves.toMatchObject({ state: 'completed' });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('answers the latest status when the time runs out', async () => {
    const { waiter, emit } = fakes([status({})]);
    const waiting = waiter.waitForEnd(ID, 1, 50);
    emit(status({ state: 'saving', rowsRead: 10, updatedAt: '2026-01-01T00:00:09.000Z' }));
    await expect(waiting).resolves.toMatchObject({ state: 'saving', rowsRead: 10 });
  });

  it('finds the end by reading again when an event was lost', async () => {
    const { waiter, reads } = fakes([
      status({}),
      status({ state: 'failed', error: { code: 'NO_ROWS', message: 'x' } }),
    ]);
    await expect(waiter.waitForEnd(ID, 1, 5000)).resolves.toMatchObject({ state: 'failed' });
    expect(reads()).toBe(2);
  });
});
