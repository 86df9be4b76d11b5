import { describe, expect, it } from '@jest/globals';
import { errorBodySchema } from '@warmpath/contracts';
import { conflict, ServiceError } from './service-error.js';

describe('ServiceError over the bus', () => {
  it("carries a conflict's existing resource id to the other side", () => {
    const body = conflict(
      'You already have an open introduction request for Ben (request 12, requested)',
      12,
    ).toBody();
    expect(errorBodySchema.parse(body)).toEqual({
      code: 'CONFLICT',
      message: 'You already have an open introduction request for Ben (request 12, requested)',
      existingId: 12,
    });
    expect(ServiceError.from(body)).toMatchObject({ code: 'CONFLICT', existingId: 12 });
  });

  it('has no existingId when the conflict names nothing', () => {
    expect(conflict('This request is declined').toBody()).toEqual({
      code: 'CONFLICT',
      message: 'This request is declined',
    });
  });
});
