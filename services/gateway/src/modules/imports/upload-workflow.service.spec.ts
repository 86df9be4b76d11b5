import { afterAll, describe, expect, it } from '@jest/globals';
import { importsContracts, type ImportResult, type ImportStatus } from '@warmpath/contracts';
import { ServiceError, type BusClient } from '@warmpath/server-kit';
import { buildImportStatus } from '@warmpath/testing';
import { Redis } from 'ioredis';
import { randomBytes, randomUUID } from 'node:crypto';
import { gatewayConfigSchema } from '../../config/gateway.config.js';
import { IDEMPOTENCY_KEY_REUSED, IdempotencyStore } from './idempotency.store.js';
import type { ImportResultReader } from './import-result.reader.js';
import type { ImportWaiter } from './import-waiter.js';
import type { UploadBucket } from './upload-bucket.js';
import type { ReceivedUpload } from './upload-receiver.js';
import { UploadWorkflowService } from './upload-workflow.service.js';

const prefix = `upload-workflow-spec-${randomBytes(4).toString('hex')}:`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys.map((key) => key.slice(prefix.length)));
  redis.disconnect();
});

const upload = (digest = 'SHA-256=aaa'): ReceivedUpload => ({
  id: randomUUID(),
  fileName: 'Connections.csv',
  sizeBytes: 10,
  digest,
});

interface Scenario {
  createFails?: boolean;
  final?: ImportStatus;
  network?: ImportResult | null;
  preview?: 'ok' | 'gone' | 'timeout';
}

/**
 * The workflow on a real Redis (the idempotency keys) with the bus, the object store and the
 * worker's answers played by fakes: `removed` lists deleted objects, `created` the imports recorded.
 */
function scenario(options: Scenario = {}) {
  const removed: string[] = [];
  const created: string[] = [];
  const bucket = {
    remove: async (name: string) => void removed.push(name),
    get: async (name: string) =>
      options.preview === 'gone' ? null : new Blob([`{"object":"${name}"}`]).stream(),
  } as unknown as UploadBucket;
  const bus = {
    request: async (contract: { subject: string }, payload: { importId?: string; objectName?: string }) => {
      if (contract.subject === importsContracts.createImport.subject) {
        if (options.createFails) throw new ServiceError('SERVICE_UNAVAILABLE', 'No service answers');
        created.push(payload.importId ?? '');
        return { status: buildImportStatus({ id: payload.importId, state: 'queued' }), joined: false };
      }
      if (contract.subject === importsContracts.getImport.subject)
        return buildImportStatus({ id: payload.importId, state: 'parsing' });
      if (contract.subject === importsContracts.createPreview.subject) {
        if (options.preview === 'timeout') throw new ServiceError('SERVICE_TIMEOUT', 'No answer in time');
        return { resultObject: `preview-of-${payload.objectName}` };
      }
      throw new Error(`unexpected request ${contract.subject}`);
    },
  } as unknown as BusClient;
  const waiter = {
    waitForEnd: async (importId: string) =>
      options.final ?? buildImportStatus({ id: importId, state: 'completed' }),
  } as unknown as ImportWaiter;
  const results = {
    read: async () =>
      options.network === undefined ? { connections: [], relationships: [] } : options.network,
  } as unknown as ImportResultReader;
  const config = gatewayConfigSchema.parse({});
  const service = new UploadWorkflowService(
    bucket,
    bus,
    waiter,
    results,
    new IdempotencyStore(redis),
    config,
  );
  return { service, removed, created };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: ServiceError) => ({ code: error.code, message: error.message }),
  );

describe('UploadWorkflowService.record', () => {
  it('records an upload without a key as a new import', async () => {
    const { service, created, removed } = scenario();
    const file = upload();
    await expect(service.record(7, file, undefined)).resolves.toMatchObject({
      status: { id: file.id, state: 'queued' },
      joined: false,
      replayed: false,
    });
    expect(created).toEqual([file.id]);
    expect(removed).toEqual([]);
  });

  it("answers a retry of the same bytes with the first import, and drops the retry's upload", async () => {
    const { service, created, removed } = scenario();
    const key = `key-${randomUUID()}`;
    const first = upload();
    const retry = upload();
    await expect(service.record(7, first, key)).resolves.toMatchObject({ replayed: false });
    await expect(service.record(7, retry, key)).resolves.toMatchObject({
      status: { id: first.id },
      joined: true,
      replayed: true,
    });
    expect(created).toEqual([first.id]);
    expect(removed).toEqual([retry.id]);
  });

  it('refuses other bytes under a used key with 409, and drops their upload', async () => {
    const { service, removed } = scenario();
    const key = `key-${randomUUID()}`;
    await service.record(7, upload('SHA-256=aaa'), key);
    const other = upload('SHA-256=bbb');
    expect(await failure(service.record(7, other, key))).toEqual({
      code: 'CONFLICT',
      message: IDEMPOTENCY_KEY_REUSED,
    });
    expect(removed).toEqual([other.id]);
  });

  it('deletes the upload and frees the key when the import cannot be recorded', async () => {
    const key = `key-${randomUUID()}`;
    const broken = scenario({ createFails: true });
    const lost = upload();
    expect(await failure(broken.service.record(7, lost, key))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(broken.removed).toEqual([lost.id]);
    const healthy = scenario();
    const again = upload();
    await expect(healthy.service.record(7, again, key)).resolves.toMatchObject({
      status: { id: again.id },
      replayed: false,
    });
  });
});

describe('UploadWorkflowService.awaitNetwork', () => {
  it('answers the network once the import completed', async () => {
    const network = { connections: [], relationships: [] };
    await expect(scenario({ network }).service.awaitNetwork(7, 'i')).resolves.toEqual({
      kind: 'network',
      network,
    });
  });

  it('answers the import as it stands past the wait, and when the network is too big to answer inline', async () => {
    const parsing = buildImportStatus({ state: 'parsing', rowsRead: 500 });
    await expect(scenario({ final: parsing }).service.awaitNetwork(7, 'i')).resolves.toEqual({
      kind: 'running',
      status: parsing,
    });
    await expect(scenario({ network: null }).service.awaitNetwork(7, 'i')).resolves.toMatchObject({
      kind: 'running',
      status: { state: 'completed' },
    });
  });

  it('turns a file that cannot be used into a 400 with its message, and giving up into a 503', async () => {
    const bad = buildImportStatus({
      state: 'failed',
      error: { code: 'NO_ROWS', message: 'The file has a header but no connections.' },
    });
    expect(await failure(scenario({ final: bad }).service.awaitNetwork(7, 'i'))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The file has a header but no connections.',
    });
    const gaveUp = buildImportStatus({
      state: 'failed',
      error: { code: 'RETRIES_EXHAUSTED', message: 'try again' },
    });
    expect(await failure(scenario({ final: gaveUp }).service.awaitNetwork(7, 'i'))).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'try again',
    });
  });
});

describe('UploadWorkflowService.preview', () => {
  it('answers the preview, deletes the upload at once and the answer when discarded', async () => {
    const { service, removed } = scenario({ preview: 'ok' });
    const file = upload();
    const preview = await service.preview(file);
    expect(await new Response(preview.body).json()).toEqual({ object: `preview-of-${file.id}` });
    expect(removed).toEqual([file.id]);
    await preview.discard();
    expect(removed).toEqual([file.id, `preview-of-${file.id}`]);
  });

  it('is a 503 when the answer is gone from the store, and leaves nothing behind', async () => {
    const { service, removed } = scenario({ preview: 'gone' });
    const file = upload();
    expect(await failure(service.preview(file))).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The import result is not available; please try again.',
    });
    expect(removed.sort()).toEqual([file.id, `preview-of-${file.id}`].sort());
  });

  it('tells a visitor whose file took too long to sign in, and deletes the upload', async () => {
    const { service, removed } = scenario({ preview: 'timeout' });
    const file = upload();
    expect(await failure(service.preview(file))).toEqual({
      code: 'SERVICE_TIMEOUT',
      message: 'Reading the file took too long. Sign in to import large files in the background.',
    });
    expect(removed).toEqual([file.id]);
  });
});
