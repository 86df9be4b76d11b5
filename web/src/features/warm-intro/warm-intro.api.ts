import type { WarmIntroRequest, WarmIntroResponse } from '@warmpath/contracts';
import { api } from '../../lib/api/api';

export const warmIntroApi = api.injectEndpoints({
  endpoints: (build) => ({
    generateWarmIntro: build.mutation<WarmIntroResponse, WarmIntroRequest>({
      query: (body) => ({ url: 'api/network/generate-warm-intro', method: 'POST', body }),
    }),
  }),
});

export const { useGenerateWarmIntroMutation } = warmIntroApi;
