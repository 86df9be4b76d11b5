import { describe, expect, it } from '@jest/globals';
import { encodeStagedRows, networkImportContracts, type StagedRow } from '@warmpath/contracts';
import type { BusClient } from '@warmpath/server-kit';
import { BatchStager } from './batch-stager.js';

const ROW: StagedRow = [
  5,
  'url:x',
  'name:ana|',
  'Ana',
  '',
  null,
  'x',
  null,
  null,
  null,
  null,
  null,
  null,
  'other',
  3,
];
const batch = (rows: number) => ({
  rowCount: rows,
  bytes: new TextEncoder().encode(encodeStagedRows(Array.from({ length: rows }, () => ROW))),
});

/** A bus whose staging answers are released by the test, one by one. */
function fakeBus() {
  const calls: { rowCount: number; text: string; settle: (error?: Error) => void }[] = [];
  const bus = {
    requestBytes: (_contract: unknown, meta: { rowCount: number }, body: Uint8Array) =>
      new Promise((resolve, reject) => {
        calls.push({
          rowCount: meta.rowCount,
          text: new TextDecoder().decode(body),
          settle: (error) => (error ? reject(error) : resolve({ staged: meta.rowCount })),
        });
      }),
  } as unknown as BusClient;
  return { bus, calls };
}

const target = { importId: '9ee99033-9f71-4cd5-b33d-4e607981eee8', userId: 1, attempt: 1 };

describe('BatchStager', () => {
  it('sends each batch as COPY text bytes with its row count', async () => {
    const { bus, calls } = fakeBus();
    const stager = new BatchStager(bus, target, 2, 1000, networkImportContracts.stageRows);
    await stager.push(batch(2));
    expect(calls[0]).toMatchObject({
      rowCount: 2,
      text: expect.stringMatching(/^5\turl:x\t.*\n5\turl:x\t.*\n$/s),
    });
    calls[0]?.settle();
    await stager.drain();
    expect(stager.staged).toBe(2);
  });

  it('keeps at most maxInFlight batches unanswered (backpressure)', async () => {
    const { bus, calls } = fakeBus();
    const stager = new BatchStager(bus, target, 2, 1000, networkImportContracts.stageRows);
    await stager.push(batch(1));
    await stager.push(batch(1));
    let thirdSent = false;
    const third = stager.push(batch(1)).then(() => (thirdSent = true));
    await Promise.resolve();
    expect(calls).toHaveLength(2);
    expect(thirdSent).toBe(false);
    calls[0]?.settle();
    await third;
    expect(calls).toHaveLength(3);
  });

  it('throws the first failure at the next push and at drain', async () => {
    const { bus, calls } = fakeBus();
    const stager = new BatchStager(bus, target, 1, 1000, networkImportContracts.stageRows);
    await stager.push(batch(1));
    calls[0]?.settle(new Error('network service down'));
    await expect(stager.push(batch(1))).rejects.toThrow('network service down');
    await expect(stager.drain()).rejects.toThrow('network service down');
  });

  it('settles whatever the outcome, so staged rows can be discarded after every batch landed', async () => {
    const { bus, calls } = fakeBus();
    const stager = new BatchStager(bus, target, 2, 1000, networkImportContracts.stageRows);
    await stager.push(batch(1));
    await stager.push(batch(1));
    calls[0]?.settle(new Error('boom'));
    calls[1]?.settle();
    await expect(stager.settle()).resolves.toBeUndefined();
  });
});
