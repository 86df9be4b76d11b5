import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';

export const OAUTH_PROVIDERS = ['linkedin', 'google', 'github'] as const;
export const oauthProviderSchema = z.enum(OAUTH_PROVIDERS);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;

/** The current-user record and the admin list's rows (the User of docs/product.md#entities). */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  /** Present when LinkedIn is connected. */
  linkedinId: z.string().nullable(),
  createdAt: z.string(),
  isAdmin: z.boolean(),
  /** OAuth providers linked to this account. */
  providers: z.array(oauthProviderSchema),
});
export type User = z.infer<typeof userSchema>;

const username = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters');
const password = z
  .string()
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

/** POST /api/login (messages are docs/product.md#validation, verbatim). */
export const loginRequestSchema = z.object({ username, password });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /api/register */
export const registerRequestSchema = z
  .object({
    username,
    firstName: z
      .string()
      .trim()
      .min(1, 'First name is required')
      .max(100, 'First name must be at most 100 characters'),
    lastName: z
      .string()
      .trim()
      .min(1, 'Last name is required')
      .max(100, 'Last name must be at most 100 characters'),
    email: z.string().trim().max(320, 'Invalid email address').pipe(z.email('Invalid email address')),
    password,
    confirmPassword: z.string().min(6, 'Password must be at least 6 characters'),
    /**
     * The token of the e-mail invitation that brought this person (the /join/{token} link), if
     * any. A usable invitation for this e-mail lifts the per-address registration ceiling
     * (docs/security.md "Sign-in and registration limits"); the account is created either way.
     */
    invitation: z.string().trim().max(200).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** PATCH /api/user (the profile page). */
export const updateProfileRequestSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.string().trim().max(320).pipe(z.email('Invalid email address')),
  avatarUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\//i.test(v), 'Avatar URL must start with http:// or https://')
    .transform((v) => (v === '' ? null : v))
    .nullable(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** POST /api/user/password */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** A verified identity from an OAuth/OIDC provider, as the gateway hands it to the auth service. */
export const oauthIdentitySchema = z.object({
  provider: oauthProviderSchema,
  subject: z.string().min(1),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  preferredUsername: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type OAuthIdentity = z.infer<typeof oauthIdentitySchema>;

const userIdRequest = z.object({ userId: z.number().int() });

/** What other services may know of an account (names for display, e-mail for invitations). */
export const userProfileSchema = userSchema.pick({
  id: true,
  username: true,
  firstName: true,
  lastName: true,
  email: true,
  avatarUrl: true,
  createdAt: true,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** GET /api/oauth/providers: which sign-in buttons work. */
export const oauthProviderStatusSchema = z.object({ provider: oauthProviderSchema, configured: z.boolean() });
export type OAuthProviderStatus = z.infer<typeof oauthProviderStatusSchema>;

/** POST /api/logout */
export const loggedOutSchema = z.object({ loggedOut: z.literal(true) });
/** POST /api/user/password */
export const passwordChangedSchema = z.object({ changed: z.literal(true) });

export const authContracts = {
  register: defineRequest('auth.user.register', registerRequestSchema, userSchema),
  verifyPassword: defineRequest('auth.credentials.verify', loginRequestSchema, userSchema),
  getUser: defineRequest('auth.user.get', userIdRequest, userSchema),
  listUsers: defineRequest('auth.user.list', userIdRequest, z.array(userSchema)),
  /** Profiles of these accounts, for other services; unknown ids are left out. */
  getProfiles: defineRequest(
    'auth.user.profiles',
    z.object({ userIds: z.array(z.number().int()).max(1000) }),
    z.array(userProfileSchema),
  ),
  updateProfile: defineRequest(
    'auth.user.update',
    userIdRequest.extend({ profile: updateProfileRequestSchema }),
    userSchema,
  ),
  changePassword: defineRequest(
    'auth.password.change',
    userIdRequest.extend({ currentPassword: z.string(), newPassword: z.string() }),
    passwordChangedSchema,
  ),
  /** Signs in (or links, when linkToUserId is set) with a provider identity. */
  signInWithProvider: defineRequest(
    'auth.identity.sign-in',
    z.object({ identity: oauthIdentitySchema, linkToUserId: z.number().int().nullable() }),
    userSchema,
  ),
};
