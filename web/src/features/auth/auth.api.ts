import type {
  LoginRequest,
  RegisterRequest,
  User,
  UpdateProfileRequest,
  ChangePasswordRequest,
} from '@warmpath/contracts';
import { api } from '../../app/api';

export const authApi = api.injectEndpoints({
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
    login: build.mutation<User, LoginRequest>({
      query: (body) => ({ url: 'api/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data));
      },
    }),
    register: build.mutation<User, RegisterRequest>({
      query: (body) => ({ url: 'api/register', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data));
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'api/logout', method: 'POST', responseHandler: 'text' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        void dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, null));
        dispatch(api.util.resetApiState());
      },
    }),
    updateProfile: build.mutation<User, UpdateProfileRequest>({
      query: (body) => ({ url: 'api/user', method: 'PATCH', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data));
      },
    }),
    changePassword: build.mutation<{ changed: true }, ChangePasswordRequest>({
      query: (body) => ({ url: 'api/user/password', method: 'POST', body }),
    }),
    listUsers: build.query<User[], void>({ query: () => 'api/admin/users', providesTags: ['Users'] }),
    oauthProviders: build.query<{ provider: string; configured: boolean }[], void>({
      query: () => 'api/oauth/providers',
    }),
    oauthCallback: build.mutation<User, { provider: string; search: string }>({
      query: ({ provider, search }) => `api/oauth/${provider}/callback${search}`,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data));
      },
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useListUsersQuery,
  useOauthProvidersQuery,
  useOauthCallbackMutation,
} = authApi;
