import { describe, expect, it } from '@jest/globals';
import { networkImportContracts, type BytesRequestContract, type RequestContract } from '@warmpath/contracts';
import type { BusClient } from '@warmpath/server-kit';
import { BAD_FILES, generateLinkedInCsv } from '@warmpath/testing';
import pino from 'pino';
import { importWorkerConfigSchema } from '../../config/import-worker.config.js';
import { ImportFailureError } from '../csv/import-failure.js';
import type { BatchReader } from '../csv/batch-reader.js';
import { readBatchesInProcess } from '../csv/threaded-reader.js';
import type { SignalEntry } from '../archive/archive-source.js';
import { readSignalsInProcess } from '../signals/signals-reader.js';
import type { UploadStore } from '../uploads/upload-store.js';
import type { ImportEntity } from './import.entity.js';
import { ImportRunner } from './import-runner.service.js';
import type { ImportPatch, ImportsRepository } from './imports.repository.js';

const IMPORT_ID = '9ee99033-9f71-4cd5-b33d-4e607981eee8';

function entity(): ImportEntity {
  const now = new Date();
  return Object.assign(new (class {} as new () => ImportEntity)(), {
    id: IMPORT_ID,
    userId: 7,
    state: 'parsing',
    fileName: 'Connections.csv',
    sizeBytes: '10',
    digest: 'SHA-256=x',
    objectName: IMPORT_ID,
    attempt: 1,
    rowsRead: 0,
    imported: 0,
    updated: 0,
    unchanged: 0,
    jobChanges: 0,
    absent: 0,
    skipped: 0,
    relationships: 0,
    skippedRows: [],
    warningCounts: {},
    warnings: [],
    signals: null,
    errorCode: null,
    errorMessage: null,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  } satisfies ImportEntity);
}

/** The runner's collaborators, recording what they were asked. */
function harness(
  file: Uint8Array,
  options: {
    failStage?: Error;
    missingUpload?: boolean;
    direct?: boolean;
    signalFiles?: SignalEntry[];
    failSignals?: boolean;
  } = {},
) {
  const stored = entity();
  const states: string[] = [];
  const requests: string[] = [];
  const removed: string[] = [];
  const imports = {
    startAttempt: async () => stored,
    update: async (_id: string, _attempt: number, patch: ImportPatch) => {
      Object.assign(stored, patch);
      if (patch.state && states.at(-1) !== patch.state) states.push(patch.state);
      return stored;
    },
  } as unknown as ImportsRepository;
  const read = async () => {
    if (options.missingUpload) throw ImportFailureError.fileMissing();
    return (async function* () {
      yield file;
    })();
  };
  const uploads = {
    read,
    readConnections: read,
    openImportFile: async () => ({
      connections: await read(),
      positions: async () => null,
      signalFiles: options.signalFiles ?? [],
    }),
    remove: async (name: string) => void removed.push(name),
  } as unknown as UploadStore;
  const bus = {
    publish: () => undefined,
    requestBytes: async (contract: BytesRequestContract, meta: { rowCount: number }) => {
      requests.push(contract.subject);
      if (options.failStage) throw options.failStage;
      return { staged: meta.rowCount };
    },
    request: async (contract: RequestContract) => {
      requests.push(contract.subject);
      if (contract === networkImportContracts.openImport)
        return options.direct ? { mode: 'direct', instance: 'n1' } : { mode: 'staged' };
      if (contract.subject.endsWith('.commit'))
        return {
          inserted: 3,
          updated: 0,
          unchanged: 0,
          jobChanges: 0,
          absent: 0,
          touchedCompanies: 1,
          alreadyCommitted: false,
        };
      if (contract === networkImportContracts.link) return { relationships: 2, version: '2' };
      if (contract === networkImportContracts.signals)
        return { matched: 1, ignoredPeople: 1, ignoredMessages: 1 };
      if (contract.subject.endsWith('.abort')) return { aborted: true };
      return { discarded: 0 };
    },
  } as unknown as BusClient;
  const config = importWorkerConfigSchema.parse({ IMPORT_PROGRESS_INTERVAL_MS: '1' });
  const reader = {
    read: readBatchesInProcess,
    readSignals: options.failSignals
      ? async () => Promise.reject(new Error('thread died'))
      : readSignalsInProcess,
  } as unknown as BatchReader;
  const runner = new ImportRunner(imports, uploads, reader, bus, config, pino({ level: 'silent' }));
  return { runner, stored, states, requests, removed };
}

const run = (runner: ImportRunner, isFinalAttempt = false, signal = new AbortController().signal) =>
  runner.run(IMPORT_ID, { signal, isFinalAttempt });

describe('ImportRunner', () => {
  it('stages the rows, merges, relinks and completes, then drops the upload', async () => {
    const { runner, stored, states, requests, removed } = harness(
      new TextEncoder().encode(generateLinkedInCsv(3)),
    );
    await run(runner);
    expect(states).toEqual(['parsing', 'saving', 'linking', 'completed']);
    expect(requests).toEqual([
      'network.import.open',
      'network.import.stage',
      'network.import.commit',
      'network.import.link',
    ]);
    expect(stored).toMatchObject({
      rowsRead: 3,
      imported: 3,
      relationships: 2,
      completedAt: expect.any(Date),
    });
    expect(removed).toEqual([IMPORT_ID]);
  });

  it("stores the archive's signals after the commit and before the link, and reports them", async () => {
    const messages = [
      'CONVERSATION ID,SENDER PROFILE URL,RECIPIENT PROFILE URLS,DATE,CONTENT',
      'c1,https://www.linkedin.com/in/me,https://www.linkedin.com/in/ana,2026-11-01 10:00:00 UTC,"hi, there"',
      'c2,https://www.linkedin.com/in/me,https://www.linkedin.com/in/ben,2026-11-01 10:00:00 UTC,hello',
    ].join('\n');
    const signalFiles: SignalEntry[] = [
      {
        file: 'messages',
        name: 'messages.csv',
        bytes: async function* () {
          yield new TextEncoder().encode(messages);
        },
      },
    ];
    const { runner, stored, requests } = harness(new TextEncoder().encode(generateLinkedInCsv(3)), {
      signalFiles,
    });
    await run(runner);
    expect(requests).toEqual([
      'network.import.open',
      'network.import.stage',
      'network.import.commit',
      'network.import.signals',
      'network.import.link',
    ]);
    expect(stored).toMatchObject({
      state: 'completed',
      signals: {
        files: [{ name: 'messages.csv', rows: 2 }],
        unreadableFiles: [],
        messages: 2,
        connections: 1,
        ignoredPeople: 1,
        ignoredMessages: 1,
      },
    });
  });

  it('completes the import without signals when their thread fails, naming the files unread', async () => {
    const signalFiles: SignalEntry[] = [
      { file: 'messages', name: 'messages.csv', bytes: async function* () {} },
    ];
    const { runner, stored, requests } = harness(new TextEncoder().encode(generateLinkedInCsv(3)), {
      signalFiles,
      failSignals: true,
    });
    await run(runner);
    expect(stored).toMatchObject({
      state: 'completed',
      signals: { files: [], unreadableFiles: ['messages.csv'], messages: 0, connections: 0 },
    });
    expect(requests).not.toContain('network.import.signals');
  });

  it('fails a file that cannot be used at once, with its message, discarding what was staged', async () => {
    const { runner, stored, states, requests, removed } = harness(BAD_FILES.headerOnly());
    await run(runner);
    expect(states.at(-1)).toBe('failed');
    expect(stored).toMatchObject({
      errorCode: 'NO_ROWS',
      errorMessage: 'The file has a header but no connections.',
    });
    expect(requests).toEqual(['network.import.open', 'network.import.discard']);
    expect(removed).toEqual([IMPORT_ID]);
  });

  it("sends a first import's batches and commit to the network instance that writes it directly", async () => {
    const { runner, states, requests } = harness(new TextEncoder().encode(generateLinkedInCsv(3)), {
      direct: true,
    });
    await run(runner);
    expect(states).toEqual(['parsing', 'saving', 'linking', 'completed']);
    expect(requests).toEqual([
      'network.import.open',
      'network.import.direct.n1.stage',
      'network.import.direct.n1.commit',
      'network.import.link',
    ]);
  });

  it('rolls a direct import back at once when its file cannot be used', async () => {
    const { runner, stored, requests } = harness(BAD_FILES.unterminatedQuote(), { direct: true });
    await run(runner);
    expect(stored).toMatchObject({ state: 'failed', errorCode: 'UNTERMINATED_QUOTE' });
    expect(requests).toContain('network.import.direct.n1.abort');
    expect(requests).not.toContain('network.import.direct.n1.commit');
  });

  it('rolls a direct import back when a try fails transiently, and puts the import back in the queue', async () => {
    const { runner, stored, requests } = harness(new TextEncoder().encode(generateLinkedInCsv(3)), {
      direct: true,
      failStage: new Error('no responders'),
    });
    await expect(run(runner)).rejects.toThrow('no responders');
    expect(stored.state).toBe('queued');
    expect(requests.at(-1)).toBe('network.import.direct.n1.abort');
  });

  it('puts the import back in the queue and rethrows a transient failure, keeping the upload', async () => {
    const { runner, stored, removed } = harness(new TextEncoder().encode(generateLinkedInCsv(3)), {
      failStage: new Error('no responders'),
    });
    await expect(run(runner)).rejects.toThrow('no responders');
    expect(stored.state).toBe('queued');
    expect(removed).toEqual([]);
  });

  it('fails the import with a clear message when the last try fails transiently', async () => {
    const { runner, stored, requests } = harness(new TextEncoder().encode(generateLinkedInCsv(3)), {
      failStage: new Error('timeout'),
    });
    await run(runner, true);
    expect(stored).toMatchObject({ state: 'failed', errorCode: 'RETRIES_EXHAUSTED' });
    expect(requests).toContain('network.import.discard');
  });

  it('fails at once when the upload is gone (expired or already used)', async () => {
    const { runner, stored } = harness(new Uint8Array(0), { missingUpload: true });
    await run(runner);
    expect(stored).toMatchObject({ state: 'failed', errorCode: 'FILE_MISSING' });
  });

  it('stops a try interrupted by a shutdown and puts the import back in the queue, even on the last try', async () => {
    const { runner, stored, requests } = harness(new TextEncoder().encode(generateLinkedInCsv(5000)));
    const controller = new AbortController();
    controller.abort();
    await expect(run(runner, true, controller.signal)).rejects.toThrow();
    expect(stored.state).toBe('queued');
    expect(requests).not.toContain('network.import.commit');
  });
});
