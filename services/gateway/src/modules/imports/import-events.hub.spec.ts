import { describe, expect, it } from '@jest/globals';
import type { NatsConnection } from '@nats-io/transport-node';
import type { ImportStatus } from '@warmpath/contracts';
import type { BusOptions } from '@warmpath/server-kit';
import pino from 'pino';
import { ImportEventsHub } from './import-events.hub.js';
import { buildImportStatus, IMPORT_ID as ID } from '@warmpath/testing';

/** A hub on a fake connection; `deliver` plays a NATS message on the progress subject. */
function hub() {
  let callback: ((error: Error | null, message: { data: Uint8Array }) => void) | null = null;
  let subject = '';
  const nc = {
    subscribe: (name: string, options: { callback: typeof callback }) => {
      subject = name;
      callback = options.callback;
      return { unsubscribe: () => undefined };
    },
  } as unknown as NatsConnection;
  const options: BusOptions = {
    service: 'gateway',
    natsUrl: 'nats://x',
    prefix: 'test',
    requestTimeoutMs: 1000,
  };
  const events = new ImportEventsHub(nc, options, pino({ level: 'silent' }));
  events.onApplicationBootstrap();
  const deliver = (payload: unknown) =>
    callback?.(null, { data: new TextEncoder().encode(JSON.stringify(payload)) });
  return { events, deliver, subject: () => subject };
}

const progress = (rowsRead: number) => ({
  ...buildImportStatus({ fileName: 'a.csv', sizeBytes: 1, rowsRead, createdAt: 'x', updatedAt: 'y' }),
  userId: 7,
});

describe('ImportEventsHub', () => {
  it('listens on the prefixed progress subject and hands each import its own events, without the owner', () => {
    const { events, deliver, subject } = hub();
    expect(subject()).toBe('test.imports.import.progressed');
    const seen: ImportStatus[] = [];
    const stop = events.listen(ID, (status) => seen.push(status));
    deliver(progress(5));
    deliver({ ...progress(6), id: '0be6b2a0-8d6c-4a9b-9c1e-1a2b3c4d5e6f' });
    deliver({ nonsense: true });
    stop();
    deliver(progress(7));
    expect(seen.map((s) => s.rowsRead)).toEqual([5]);
    expect(seen[0]).not.toHaveProperty('userId');
  });

  it('holds the events of an opened buffer until a listener is attached', () => {
    const { events, deliver } = hub();
    const buffer = events.open(ID);
    deliver(progress(1));
    deliver(progress(2));
    const seen: number[] = [];
    buffer.attach((status) => seen.push(status.rowsRead));
    deliver(progress(3));
    buffer.close();
    deliver(progress(4));
    expect(seen).toEqual([1, 2, 3]);
  });
});
