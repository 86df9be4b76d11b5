import type { ErrorCode } from '@warmpath/contracts';

/** The one place error codes become HTTP statuses. Exhaustive: a new code fails the build until mapped. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
      return 400;
    case 'UNAUTHENTICATED':
      return 401;
    case 'FORBIDDEN':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'REQUEST_TIMEOUT':
      return 408;
    case 'CONFLICT':
      return 409;
    case 'GONE':
    case 'expired':
      return 410;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 415;
    case 'RATE_LIMITED':
      return 429;
    case 'INTERNAL':
      return 500;
    case 'UPSTREAM_FAILED':
      return 502;
    case 'SERVICE_UNAVAILABLE':
      return 503;
    case 'SERVICE_TIMEOUT':
      return 504;
    default: {
      const unmapped: never = code;
      throw new Error(`Unmapped error code ${String(unmapped)}`);
    }
  }
}

/** Nest's own HTTP exceptions (route not found, bad JSON...) keep their status under our envelope. */
export function codeOfStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return 'VALIDATION_FAILED';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 408) return 'REQUEST_TIMEOUT';
  if (status === 409) return 'CONFLICT';
  if (status === 410) return 'GONE';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  if (status === 504) return 'SERVICE_TIMEOUT';
  return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
}

/**
 * The Retry-After (seconds) an error answer carries: the failing side's own hint on a 503 or a
 * 429 (e.g. the AI model server's), else `fallbackSeconds` on a 503, else none.
 */
export function retryAfterOf(
  status: number,
  hintSeconds: number | undefined,
  fallbackSeconds: number,
): number | undefined {
  if (status !== 503 && status !== 429) return undefined;
  return hintSeconds ?? (status === 503 ? fallbackSeconds : undefined);
}
