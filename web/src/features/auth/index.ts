// The auth feature's public entry: what other features may import from it.
export {
  useChangePasswordMutation,
  useListUsersQuery,
  useLogoutMutation,
  useOauthProvidersQuery,
  useUpdateProfileMutation,
} from './auth.api';
export { ProviderButton } from './provider-button';
