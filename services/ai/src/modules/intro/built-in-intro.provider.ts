import { INTRO_MAX_CHARS, type WarmIntroResponse } from '@warmpath/contracts';
import { writeBuiltInIntro } from './built-in-intro.writer.js';
import type { IntroFacts } from './intro-facts.js';
import type { IntroProvider } from './intro-provider.js';
import { capAtSentence } from './intro-text.js';

/** Used when no model is configured: no network call, same facts, same answer shape. */
export class BuiltInIntroProvider implements IntroProvider {
  readonly name = 'built-in' as const;

  async write(facts: IntroFacts): Promise<WarmIntroResponse> {
    return { intro: capAtSentence(writeBuiltInIntro(facts), INTRO_MAX_CHARS), provider: this.name };
  }
}
