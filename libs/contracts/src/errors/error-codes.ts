import { z } from 'zod';

/**
 * Every error a service may answer. The gateway maps each to an HTTP status in one exhaustive
 * switch (services/gateway .../error-status.ts), so adding a code here fails the build until
 * it is mapped.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** Gone for good (an invitation already used or replaced). */
  'GONE',
  /**
   * Gone because its time ran out; lower case because docs/product.md#entities names it so ("code
   * 'expired'").
   */
  'expired',
  'RATE_LIMITED',
  /** The request did not arrive in time (the gateway's UPLOAD_TIMEOUT_MS / REQUEST_TIMEOUT_MS). */
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'SERVICE_TIMEOUT',
  'UPSTREAM_FAILED',
  'INTERNAL',
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** A field-level validation problem, as shown next to a form field. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  /** When to try again, if the failing side said (e.g. the AI model server's Retry-After); sent as the Retry-After header. */
  retryAfterSeconds: z.number().int().positive().optional(),
  /**
   * A CONFLICT's existing resource, when the conflict is with one: the open introduction request a
   * new one would duplicate (docs/intros.md#rules), so a client can link to it.
   */
  existingId: z.number().int().positive().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The JSON body of every HTTP error the gateway answers. */
export const httpErrorSchema = errorBodySchema.extend({
  statusCode: z.number().int(),
  /** Same text as message: some clients read `error` (docs/product.md#api, import-csv). */
  error: z.string(),
  requestId: z.string().optional(),
});
export type HttpError = z.infer<typeof httpErrorSchema>;
