import type { User } from '@warmpath/contracts';
import { api } from '../api/api';

/**
 * Who is signed in: the session every screen reads (the auth feature's sign-in, sign-out and
 * profile writes update this one cache entry).
 */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** product-spec §4: a 401 means "nobody signed in" (null), not an error; cached 5 minutes. */
    getCurrentUser: build.query<User | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('api/user');
        if (result.error?.status === 401) return { data: null };
        if (result.error) return { error: result.error };
        return { data: result.data as User };
      },
      keepUnusedDataFor: 300,
      providesTags: ['User'],
    }),
  }),
});

export const { useGetCurrentUserQuery } = sessionApi;

/** Replaces the signed-in user in the cache (after signing in or out, or a profile change). */
export const setCurrentUser = (user: User | null) =>
  sessionApi.util.upsertQueryData('getCurrentUser', undefined, user);
