import { describe, expect, it } from '@jest/globals';
import { ClosedConnectionError, TimeoutError } from '@nats-io/transport-node';
import { INFRASTRUCTURE_UNAVAILABLE, toUnavailableError } from './infrastructure-error.js';
import { ServiceError } from './service-error.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('toUnavailableError', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection that timed out', withCode('connect ETIMEDOUT', 'ETIMEDOUT')],
    [
      'Postgres shutting down (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a broken Postgres connection (08006)', withCode('connection failure', '08006')],
    [
      'a table locked past lock_timeout (55P03)',
      withCode('canceling statement due to lock timeout', '55P03'),
    ],
    ['a pool that cannot connect', new Error('timeout exceeded when trying to connect')],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
    [
      'a statement on a connection the database ended between statements',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a statement unanswered within its budget (query_timeout)', new Error('Query read timeout')],
    ['Redis not connected', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['Redis retries used up', Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' })],
    ['Redis out of memory', new Error("OOM command not allowed when used memory > 'maxmemory'.")],
    ['a closed NATS connection', new ClosedConnectionError()],
    ['a NATS timeout (object store)', new TimeoutError()],
    [
      'a Redis transaction aborted for lack of memory',
      Object.assign(new Error('EXECABORT Transaction discarded because of previous errors.'), {
        previousErrors: [new Error("OOM command not allowed when used memory > 'maxmemory'.")],
      }),
    ],
    ['a cause further down', new Error('query failed', { cause: withCode('refused', 'ECONNREFUSED') })],
  ])('makes %s a SERVICE_UNAVAILABLE', (_name, error) => {
    expect(toUnavailableError(error)?.toBody()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: INFRASTRUCTURE_UNAVAILABLE,
    });
  });

  it.each([
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a domain error', new ServiceError('CONFLICT', 'Already there')],
    ['a value that is not an error', 'boom'],
  ])('leaves %s alone', (_name, error) => {
    expect(toUnavailableError(error)).toBeNull();
  });

  it('keeps a SERVICE_UNAVAILABLE as it is', () => {
    const error = new ServiceError('SERVICE_UNAVAILABLE', 'No service answers x');
    expect(toUnavailableError(error)).toBe(error);
  });
});
