import { OAuthFailure } from './oauth.exception.js';

export interface ProviderRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded (what token endpoints take). */
  form?: Record<string, string>;
  timeoutMs: number;
}

/**
 * One call to a provider, answered as parsed JSON. Network errors, timeouts, non-2xx answers
 * and bodies that are not JSON all become an `upstream` failure with the caller's message
 * (the user sees it); the details go in the cause, for the logs.
 */
export async function requestProviderJson(
  url: string,
  request: ProviderRequest,
  failureMessage: string,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...request.headers,
      },
      body: request.form ? new URLSearchParams(request.form).toString() : undefined,
      signal: AbortSignal.timeout(request.timeoutMs),
      // A redirected POST would lose its body (and the secret in it would go elsewhere): only reads follow.
      redirect: request.method === 'POST' ? 'error' : 'follow',
    });
  } catch (error) {
    throw new OAuthFailure('upstream', failureMessage, { cause: error });
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    throw new OAuthFailure('upstream', failureMessage, {
      cause: new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`),
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new OAuthFailure('upstream', failureMessage, { cause: error });
  }
}
