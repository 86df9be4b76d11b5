import type { AccessTokenList, CreatedAccessToken, CreateTokenRequest } from '@warmpath/contracts';
import { api } from '../../lib/api/api';

/** Personal access tokens (issue 16): list, create (the secret comes back once), revoke. */
export const tokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTokens: build.query<AccessTokenList, void>({ query: () => 'api/tokens', providesTags: ['Tokens'] }),
    createToken: build.mutation<CreatedAccessToken, CreateTokenRequest>({
      query: (body) => ({ url: 'api/tokens', method: 'POST', body }),
      invalidatesTags: ['Tokens'],
    }),
    revokeToken: build.mutation<{ revoked: true }, number>({
      query: (id) => ({ url: `api/tokens/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Tokens'],
    }),
  }),
});

export const { useListTokensQuery, useCreateTokenMutation, useRevokeTokenMutation } = tokensApi;
