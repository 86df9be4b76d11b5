import { Injectable } from '@nestjs/common';
import { importsContracts, isTerminalImportState, type ImportStatus } from '@warmpath/contracts';
import { BusClient } from '@warmpath/server-kit';
import { setTimeout as sleep } from 'node:timers/promises';
import { ImportEventsHub } from './import-events.hub.js';

/** Progress events end the wait at once; this read is only the safety net for a lost event. */
const POLL_MS = 1000;

/** Newer of two reports of the same import (events and reads may cross). */
export function latestStatus(a: ImportStatus, b: ImportStatus): ImportStatus {
  if (isTerminalImportState(a.state) !== isTerminalImportState(b.state))
    return isTerminalImportState(a.state) ? a : b;
  if (a.attempt !== b.attempt) return a.attempt > b.attempt ? a : b;
  return a.updatedAt >= b.updatedAt ? a : b;
}

/** The bounded wait of the synchronous import routes. */
@Injectable()
export class ImportWaiter {
  constructor(
    private readonly hub: ImportEventsHub,
    private readonly bus: BusClient,
  ) {}

  /** The import's status once it completed or failed, or its latest status when `timeoutMs` ran out. */
  async waitForEnd(importId: string, userId: number, timeoutMs: number): Promise<ImportStatus> {
    const deadline = Date.now() + timeoutMs;
    const seen: { latest: ImportStatus | null } = { latest: null };
    let wake: () => void = () => undefined;
    const consider = (status: ImportStatus): ImportStatus => {
      const latest = seen.latest ? latestStatus(seen.latest, status) : status;
      seen.latest = latest;
      if (isTerminalImportState(latest.state)) wake();
      return latest;
    };
    // Listen first, then read: an end between the two is never missed.
    const stop = this.hub.listen(importId, consider);
    const cancel = new AbortController();
    try {
      for (;;) {
        const current = consider(await this.bus.request(importsContracts.getImport, { importId, userId }));
        const remaining = deadline - Date.now();
        if (isTerminalImportState(current.state) || remaining <= 0) return current;
        const woken = new Promise<void>((resolve) => (wake = resolve));
        await Promise.race([
          woken,
          sleep(Math.min(remaining, POLL_MS), undefined, { signal: cancel.signal }).catch(() => undefined),
        ]);
        if (seen.latest && isTerminalImportState(seen.latest.state)) return seen.latest;
      }
    } finally {
      cancel.abort();
      stop();
    }
  }
}
