import { ServiceError } from '@warmpath/server-kit';

/**
 * Why a provider sign-in failed. The message is shown to the user (JSON error or /auth-success),
 * so it is short and never carries provider internals; the cause is only logged.
 */
export type OAuthFailureKind = 'unknown_provider' | 'not_configured' | 'invalid_request' | 'upstream';

export class OAuthFailure extends Error {
  constructor(
    readonly kind: OAuthFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OAuthFailure';
  }

  /** 404 unknown or unconfigured provider, 400 bad state or refusal, 502 the provider failed. */
  toServiceError(): ServiceError {
    switch (this.kind) {
      case 'unknown_provider':
      case 'not_configured':
        return new ServiceError('NOT_FOUND', this.message);
      case 'invalid_request':
        return new ServiceError('VALIDATION_FAILED', this.message);
      case 'upstream':
        return new ServiceError('UPSTREAM_FAILED', this.message);
      default: {
        const unhandled: never = this.kind;
        throw new Error(`Unhandled OAuth failure ${String(unhandled)}`);
      }
    }
  }
}

export const INVALID_STATE_MESSAGE = 'Your sign-in link is invalid or has expired. Please try again.';
export const UNKNOWN_PROVIDER_MESSAGE = 'Unknown sign-in provider';

/** The message for an `error` parameter sent back by the provider (the user refused, or it failed). */
export function providerErrorMessage(label: string, error: string): string {
  if (
    /^(access_denied|user_cancelled_login|user_cancelled_authorize|consent_required|login_required)$/.test(
      error,
    )
  ) {
    return `${label} sign-in was cancelled`;
  }
  // The value comes from the query string: keep only a short code, never arbitrary text.
  const code = error.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 60);
  return `${label} sign-in failed (${code || 'unknown error'})`;
}
