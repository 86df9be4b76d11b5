import { describe, expect, it } from '@jest/globals';
import { ServiceError } from '@warmpath/server-kit';
import { httpStatusOf } from './error-status.js';
import { ParseUuidPipe } from './parse-uuid.pipe.js';

const pipe = new ParseUuidPipe('Import not found');

const refusal = (value: unknown) => {
  try {
    pipe.transform(value as string);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { status: httpStatusOf(error.code), message: error.message };
  }
  return null;
};

describe('ParseUuidPipe', () => {
  it('passes a UUID through unchanged, in either case', () => {
    expect(pipe.transform('0b6f2c9e-3a41-4c2e-9d1a-5e8f7b6a4c3d')).toBe(
      '0b6f2c9e-3a41-4c2e-9d1a-5e8f7b6a4c3d',
    );
    expect(pipe.transform('0B6F2C9E-3A41-4C2E-9D1A-5E8F7B6A4C3D')).toBe(
      '0B6F2C9E-3A41-4C2E-9D1A-5E8F7B6A4C3D',
    );
  });

  it("answers anything else 404 with the route's not-found message", () => {
    for (const bad of [
      'not-an-id',
      '',
      '42',
      '0b6f2c9e-3a41-4c2e-9d1a-5e8f7b6a4c3',
      ' 0b6f2c9e-3a41-4c2e-9d1a-5e8f7b6a4c3d',
      undefined,
    ])
      expect(refusal(bad)).toEqual({ status: 404, message: 'Import not found' });
    expect(refusal('0b6f2c9e-3a41-4c2e-9d1a-5e8f7b6a4c3d/x')).toEqual({
      status: 404,
      message: 'Import not found',
    });
  });

  it('says the message it was given', () => {
    expect(() => new ParseUuidPipe('Bulk import not found').transform('x')).toThrow('Bulk import not found');
  });
});
