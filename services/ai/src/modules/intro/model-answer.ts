import { ServiceError } from '@warmpath/server-kit';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  PermissionDeniedError,
  RateLimitError,
} from 'openai';
import { z } from 'zod';
import {
  modelAnswerUnusable,
  modelBusy,
  modelFailed,
  modelRefused,
  modelTimedOut,
  modelUnreachable,
} from './intro.exception.js';
import { cleanIntroText } from './intro-text.js';
import { ModelAnswerTooLarge, retryAfterSecondsOf } from './model-fetch.js';

/** Shorter than this is not an intro ("OK", "Sure!"), whatever the model meant. */
const MIN_INTRO_CHARS = 20;

// Read as unknown: an OpenAI-compatible server may answer anything with a 200.
const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

/** The first choice's text, cleaned and capped; anything else is our 502 "unusable answer". */
export function readIntroAnswer(completion: unknown, maxChars: number): string {
  const parsed = completionSchema.safeParse(completion);
  if (!parsed.success) throw modelAnswerUnusable();
  const intro = cleanIntroText(parsed.data.choices[0]?.message.content ?? '', maxChars);
  if (intro.length < MIN_INTRO_CHARS || !/\p{L}/u.test(intro)) throw modelAnswerUnusable();
  return intro;
}

/**
 * A model failure as the error the user sees. Order matters: the timeout error is a connection
 * error, and every class here is an APIError.
 */
export function toModelError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  // Read past MODEL_ANSWER_MAX_BYTES: cut off while it arrived.
  if (error instanceof ModelAnswerTooLarge) return modelAnswerUnusable();
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError)
    return modelTimedOut();
  if (error instanceof APIConnectionError) return modelUnreachable();
  if (error instanceof RateLimitError) return modelBusy(retryAfterSecondsOf(error.headers));
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) return modelRefused();
  if (error instanceof APIError)
    return typeof error.status === 'number' && error.status < 500 ? modelRefused() : modelFailed();
  // A 200 whose body is not the JSON it claims to be.
  if (error instanceof SyntaxError) return modelAnswerUnusable();
  return modelFailed();
}
