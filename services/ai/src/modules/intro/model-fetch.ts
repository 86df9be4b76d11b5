/**
 * Bytes of a model answer read at most. An intro is INTRO_MAX_CHARS of text; a completion
 * carrying it, with its JSON around, is a few kilobytes. Past this, the answer is refused
 * (502 "unusable answer") while it arrives, so a runaway or hostile model server cannot make the
 * ai service buffer megabytes.
 */
export const MODEL_ANSWER_MAX_BYTES = 256 * 1024;

/** The model server sent more than MODEL_ANSWER_MAX_BYTES. */
export class ModelAnswerTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the model's answer is larger than ${maxBytes} bytes`);
    this.name = 'ModelAnswerTooLarge';
  }
}

/** A body that errors with ModelAnswerTooLarge as soon as more than `maxBytes` came through. */
function capped(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let received = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(new ModelAnswerTooLarge(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * The fetch the openai client uses:
 * - every answer's body is capped at `maxBytes` (see MODEL_ANSWER_MAX_BYTES);
 * - a 429 is not retried by the client: its own retry would sleep out the server's Retry-After
 *   inside our budget and end as a timeout, when the user should rather hear "busy, try again in
 *   N s" at once.
 */
export function modelFetch(maxBytes = MODEL_ANSWER_MAX_BYTES, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const headers = new Headers(response.headers);
    // The body below is already decoded and may be cut: neither header describes it any more.
    headers.delete('content-length');
    headers.delete('content-encoding');
    if (response.status === 429) headers.set('x-should-retry', 'false');
    return new Response(response.body ? capped(response.body, maxBytes) : null, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/**
 * The wait a model server asked for (Retry-After in seconds or as an HTTP date, or OpenAI's
 * retry-after-ms), in whole seconds from 1 to 3600; undefined when it gave none.
 */
export function retryAfterSecondsOf(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get('retry-after-ms'));
  const raw = headers.get('retry-after')?.trim();
  let seconds: number | undefined;
  if (headers.get('retry-after-ms') && Number.isFinite(ms) && ms > 0) seconds = ms / 1000;
  else if (raw && /^\d+(\.\d+)?$/.test(raw)) seconds = Number(raw);
  else if (raw && !Number.isNaN(Date.parse(raw))) seconds = (Date.parse(raw) - now) / 1000;
  if (seconds === undefined || !Number.isFinite(seconds)) return undefined;
  return Math.min(3600, Math.max(1, Math.ceil(seconds)));
}
