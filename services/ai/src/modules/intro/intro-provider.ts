import type { IntroProviderName, WarmIntroResponse } from '@warmpath/contracts';
import type { IntroFacts } from './intro-facts.js';

/** Writes one intro from the cleaned facts; throws a ServiceError when it cannot. */
export interface IntroProvider {
  readonly name: IntroProviderName;
  write(facts: IntroFacts): Promise<WarmIntroResponse>;
}

export const INTRO_PROVIDER = Symbol('INTRO_PROVIDER');
