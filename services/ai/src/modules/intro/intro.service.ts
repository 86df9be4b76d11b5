import { Inject, Injectable } from '@nestjs/common';
import type { GenerateIntroRequest, WarmIntroResponse } from '@warmpath/contracts';
import { INTRO_PROVIDER, type IntroProvider } from './intro-provider.js';
import { IntroRateLimiter } from './intro-rate-limiter.js';
import { toIntroFacts } from './intro-facts.js';

/** One warm intro: the per-user limits first, then whichever provider is configured. */
@Injectable()
export class IntroService {
  constructor(
    @Inject(INTRO_PROVIDER) private readonly provider: IntroProvider,
    private readonly limiter: IntroRateLimiter,
  ) {}

  async generate(request: GenerateIntroRequest): Promise<WarmIntroResponse> {
    const release = this.limiter.admit(request.userId);
    try {
      return await this.provider.write(toIntroFacts(request));
    } finally {
      release();
    }
  }
}
