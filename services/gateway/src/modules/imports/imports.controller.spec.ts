import { describe, expect, it } from '@jest/globals';
import type { ImportResult, ImportStatus } from '@warmpath/contracts';
import { ServiceError, type BusClient } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gatewayConfigSchema } from '../../config/gateway.config.js';
import type { IdempotencyStore } from './idempotency.store.js';
import type { ImportEventsHub } from './import-events.hub.js';
import type { ImportResultReader } from './import-result.reader.js';
import type { ImportWaiter } from './import-waiter.js';
import { ImportsController } from './imports.controller.js';
import { buildImportStatus, IMPORT_ID as ID } from '@warmpath/testing';
import type { UploadBucket } from './upload-bucket.js';
import type { UploadReceiver } from './upload-receiver.js';
import { UploadWorkflowService } from './upload-workflow.service.js';

const status = (overrides: Partial<ImportStatus> = {}) =>
  buildImportStatus({ state: 'queued', attempt: 0, ...overrides });

interface Scenario {
  createFails?: boolean;
  final?: ImportStatus;
  result?: ImportResult | null;
  prefer?: string;
}

/** The controller with fake collaborators; `removed` lists deleted uploads, `reply` records status and headers. */
function scenario(options: Scenario) {
  const removed: string[] = [];
  const receiver = {
    receive: async () => ({ id: ID, fileName: 'Connections.csv', sizeBytes: 10, digest: 'SHA-256=x' }),
  } as unknown as UploadReceiver;
  const bucket = { remove: async (name: string) => void removed.push(name) } as unknown as UploadBucket;
  const bus = {
    request: async () => {
      if (options.createFails)
        throw new ServiceError('SERVICE_UNAVAILABLE', 'No service answers imports.import.create');
      return { status: status(), joined: false };
    },
  } as unknown as BusClient;
  const waiter = {
    waitForEnd: async () => options.final ?? status({ state: 'completed' }),
  } as unknown as ImportWaiter;
  const results = {
    read: async () =>
      options.result === undefined ? { connections: [], relationships: [] } : options.result,
  } as unknown as ImportResultReader;
  const config = gatewayConfigSchema.parse({});
  const uploads = new UploadWorkflowService(bucket, bus, waiter, results, {} as IdempotencyStore, config);
  const controller = new ImportsController(receiver, uploads, bus, {} as ImportEventsHub, config);
  const sent = { code: 200, headers: {} as Record<string, string> };
  const reply = {
    status(code: number) {
      sent.code = code;
      return this;
    },
    header(name: string, value: string) {
      sent.headers[name] = value;
      return this;
    },
  } as unknown as FastifyReply;
  const request = { headers: options.prefer ? { prefer: options.prefer } : {} } as unknown as FastifyRequest;
  return { call: () => controller.importFromDialog(7, request, reply), removed, sent };
}

describe('ImportsController (synchronous import routes)', () => {
  it('answers the network once the import completed', async () => {
    const network = { connections: [], relationships: [] };
    const { call, sent } = scenario({ result: network });
    await expect(call()).resolves.toBe(network);
    expect(sent.code).toBe(200);
  });

  it('answers 202 with the import at once when asked to respond asynchronously', async () => {
    const { call, sent } = scenario({ prefer: 'respond-async' });
    await expect(call()).resolves.toMatchObject({
      id: ID,
      state: 'queued',
      statusUrl: `/api/imports/${ID}`,
      eventsUrl: `/api/imports/${ID}/events`,
    });
    expect(sent).toEqual({ code: 202, headers: { location: `/api/imports/${ID}` } });
  });

  it('answers 202 past the wait, and when the network is too big to answer inline', async () => {
    const running = scenario({ final: status({ state: 'parsing', rowsRead: 500 }) });
    await expect(running.call()).resolves.toMatchObject({ state: 'parsing', rowsRead: 500 });
    expect(running.sent.code).toBe(202);
    const big = scenario({ result: null });
    await expect(big.call()).resolves.toMatchObject({ state: 'completed' });
    expect(big.sent.code).toBe(202);
  });

  it('turns a file that cannot be used into a 400 with its message, and giving up into a 503', async () => {
    const bad = scenario({
      final: status({
        state: 'failed',
        error: { code: 'NO_ROWS', message: 'The file has a header but no connections.' },
      }),
    });
    await expect(bad.call()).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The file has a header but no connections.',
    });
    const gaveUp = scenario({
      final: status({ state: 'failed', error: { code: 'RETRIES_EXHAUSTED', message: 'try again' } }),
    });
    await expect(gaveUp.call()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('deletes the upload when the import cannot be recorded', async () => {
    const { call, removed } = scenario({ createFails: true });
    await expect(call()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(removed).toEqual([ID]);
  });
});
