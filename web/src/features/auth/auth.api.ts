import type {
  LoginRequest,
  RegisterRequest,
  User,
  UpdateProfileRequest,
  ChangePasswordRequest,
} from '@warmpath/contracts';
import { api } from '../../lib/api/api';
import { setCurrentUser } from '../../lib/session/session.api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<User, LoginRequest>({
      query: (body) => ({ url: 'api/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(setCurrentUser(data));
      },
    }),
    register: build.mutation<User, RegisterRequest>({
      query: (body) => ({ url: 'api/register', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(setCurrentUser(data));
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'api/logout', method: 'POST', responseHandler: 'text' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        void dispatch(setCurrentUser(null));
        dispatch(api.util.resetApiState());
      },
    }),
    updateProfile: build.mutation<User, UpdateProfileRequest>({
      query: (body) => ({ url: 'api/user', method: 'PATCH', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        void dispatch(setCurrentUser(data));
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
        void dispatch(setCurrentUser(data));
      },
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useListUsersQuery,
  useOauthProvidersQuery,
  useOauthCallbackMutation,
} = authApi;
