import { ServiceError } from '@warmpath/server-kit';

/** What a user reads when an intro cannot be written; the gateway maps each code to HTTP. */
export const INTRO_MESSAGES = {
  rateLimited: 'Too many warm intro requests. Please wait a minute and try again.',
  busy: 'The AI service is busy. Please try again in a moment.',
  timeout: 'The AI service did not answer in time. Please try again.',
  failed: 'The AI service failed to answer. Please try again later.',
  unreachable: 'The AI service could not be reached. Please try again later.',
  refused: 'The AI service refused the request. Please ask an administrator to check the AI settings.',
  unusable: 'The AI service returned an unusable answer.',
} as const;

export const introRateLimited = () => new ServiceError('RATE_LIMITED', INTRO_MESSAGES.rateLimited);
/**
 * The model server said 429: our 503, since retrying later is the user's only move; its
 * Retry-After goes on to the user (the gateway's Retry-After header).
 */
export const modelBusy = (retryAfterSeconds?: number) =>
  new ServiceError('SERVICE_UNAVAILABLE', INTRO_MESSAGES.busy, undefined, retryAfterSeconds);
export const modelTimedOut = () => new ServiceError('SERVICE_TIMEOUT', INTRO_MESSAGES.timeout);
export const modelFailed = () => new ServiceError('UPSTREAM_FAILED', INTRO_MESSAGES.failed);
export const modelUnreachable = () => new ServiceError('UPSTREAM_FAILED', INTRO_MESSAGES.unreachable);
export const modelRefused = () => new ServiceError('UPSTREAM_FAILED', INTRO_MESSAGES.refused);
export const modelAnswerUnusable = () => new ServiceError('UPSTREAM_FAILED', INTRO_MESSAGES.unusable);
