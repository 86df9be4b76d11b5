import { INTRO_MAX_CHARS, type WarmIntroResponse } from '@warmpath/contracts';
import { ServiceError } from '@warmpath/server-kit';
import OpenAI from 'openai';
import type { Logger } from 'pino';
import type { ModelSettings } from '../../config/ai.config.js';
import type { IntroFacts } from './intro-facts.js';
import { buildIntroPrompt } from './intro-prompt.js';
import type { IntroProvider } from './intro-provider.js';
import { modelTimedOut } from './intro.exception.js';
import { readIntroAnswer, toModelError } from './model-answer.js';
import { modelFetch } from './model-fetch.js';

const OPENAI_API_URL = 'https://api.openai.com/v1';

/** Any OpenAI-compatible chat completions server: OpenAI itself, or a self-hosted model server. */
export class OpenAiIntroProvider implements IntroProvider {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;

  constructor(
    private readonly settings: ModelSettings,
    private readonly logger: Logger,
  ) {
    this.client = new OpenAI({
      apiKey: settings.apiKey,
      // Explicit values, so stray OPENAI_* variables in the environment change nothing.
      baseURL: settings.baseUrl ?? OPENAI_API_URL,
      organization: null,
      project: null,
      timeout: settings.timeoutMs,
      // One retry at most: a struggling model server must not see a storm of repeats from us.
      maxRetries: 1,
      // Answers capped in size; a 429 answered at once with its Retry-After (model-fetch.ts).
      fetch: modelFetch(),
    });
  }

  async write(facts: IntroFacts): Promise<WarmIntroResponse> {
    const started = Date.now();
    let completion: unknown;
    try {
      completion = await withDeadline(this.settings.timeoutMs, (signal) =>
        this.client.chat.completions.create(
          {
            model: this.settings.model,
            messages: buildIntroPrompt(facts),
            ...(this.settings.maxTokens > 0 ? { max_tokens: this.settings.maxTokens } : {}),
          },
          { signal },
        ),
      );
    } catch (error) {
      const mapped = toModelError(error);
      this.logger.warn(
        { err: describeError(error), code: mapped.code, ms: Date.now() - started },
        'model call failed',
      );
      throw mapped;
    }
    const intro = readIntroAnswer(completion, INTRO_MAX_CHARS);
    this.logger.info(
      { model: this.settings.model, ms: Date.now() - started, chars: intro.length },
      'intro written by the model',
    );
    return { intro, provider: this.name, model: this.settings.model };
  }
}

/**
 * The whole call, its retry and the retry's back-off included, ends within the budget: the
 * client's own timeout is per attempt, so on its own a hang plus a retry could take twice as long.
 */
async function withDeadline<T>(budgetMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(modelTimedOut());
    }, budgetMs);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Logs say what failed without the prompt or the answer (they hold people's names). */
function describeError(error: unknown): { name: string; status?: number; message: string } {
  if (error instanceof ServiceError) return { name: error.name, message: error.message };
  if (error instanceof OpenAI.APIError)
    return { name: error.name, status: error.status, message: error.message.slice(0, 200) };
  return error instanceof Error
    ? { name: error.name, message: error.message.slice(0, 200) }
    : { name: 'unknown', message: String(error) };
}
