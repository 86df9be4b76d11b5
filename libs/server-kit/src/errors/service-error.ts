import type { ErrorBody, ErrorCode, FieldError } from '@warmpath/contracts';

/** The one exception services throw for expected failures; it travels over NATS as an ErrorBody. */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    /** When the caller may try again, if known (sent on as the Retry-After header). */
    readonly retryAfterSeconds?: number,
    /** A CONFLICT's existing resource (ErrorBody.existingId). */
    readonly existingId?: number,
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message };
    if (this.fields) body.fields = this.fields;
    if (this.retryAfterSeconds) body.retryAfterSeconds = this.retryAfterSeconds;
    if (this.existingId) body.existingId = this.existingId;
    return body;
  }

  static from(body: ErrorBody): ServiceError {
    return new ServiceError(body.code, body.message, body.fields, body.retryAfterSeconds, body.existingId);
  }
}

export const notFound = (message: string) => new ServiceError('NOT_FOUND', message);
export const forbidden = (message: string) => new ServiceError('FORBIDDEN', message);
export const conflict = (message: string, existingId?: number) =>
  new ServiceError('CONFLICT', message, undefined, undefined, existingId);
export const invalid = (message: string, fields?: FieldError[]) =>
  new ServiceError('VALIDATION_FAILED', message, fields);
export const unauthenticated = (message = 'Not authenticated') =>
  new ServiceError('UNAUTHENTICATED', message);
