import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';

/**
 * What a personal access token may do (docs/api.md). A route names the one scope it needs; a token
 * reaches only routes that name one of its scopes, and never account or token management.
 */
export const TOKEN_SCOPES = [
  'imports:write',
  'intros:read',
  'intros:write',
  'network:read',
  'targets:read',
  'targets:write',
  'workspaces:read',
] as const;
export const tokenScopeSchema = z.enum(TOKEN_SCOPES, { error: 'Unknown scope' });
export type TokenScope = z.infer<typeof tokenScopeSchema>;

/** What each scope allows, as the profile page and the API reference explain it. */
export const TOKEN_SCOPE_DESCRIPTIONS: Record<TokenScope, string> = {
  'imports:write': 'Upload exports and follow their imports',
  'intros:read': 'Read your introduction requests and workspace intro statistics',
  'intros:write': 'Ask teammates for introductions and answer their requests',
  'network:read': 'Read your network, its statistics and warm paths',
  'targets:read': "Read your and your workspaces' target lists, their ways in and CSV exports",
  'targets:write': 'Create, rename, correct and delete target lists',
  'workspaces:read': 'Read your workspaces, their members and pooled networks',
};

/** Secrets are `wp_pat_` and 43 base64url characters (256 random bits): recognisable by secret scanners. */
export const TOKEN_SECRET_PREFIX = 'wp_pat_';
export const TOKEN_SECRET = /^wp_pat_[A-Za-z0-9_-]{43}$/;

/** Expiry choices of the profile page, in days; null is "no expiry". */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const MAX_TOKENS_PER_USER = 50;

/** POST /api/tokens */
export const createTokenRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Token name is required')
    .max(100, 'Token name must be at most 100 characters'),
  scopes: z
    .array(tokenScopeSchema)
    .min(1, 'Choose at least one scope')
    .transform((scopes) => [...new Set(scopes)].sort()),
  /** Days until the token stops working; null for a token that does not expire. */
  expiresInDays: z
    .number({ error: 'Expiry must be a number of days' })
    .int('Expiry must be a number of days')
    .min(1, 'Expiry must be between 1 and 365 days')
    .max(365, 'Expiry must be between 1 and 365 days')
    .nullable(),
});
export type CreateTokenRequest = z.infer<typeof createTokenRequestSchema>;

/** A token as listed: never its secret. */
export const accessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(tokenScopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** The 201 of POST /api/tokens: the only time the secret is shown. */
export const createdAccessTokenSchema = accessTokenSchema.extend({
  secret: z.string().regex(TOKEN_SECRET),
});
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

export const accessTokenListSchema = z.object({ tokens: z.array(accessTokenSchema) });
export type AccessTokenList = z.infer<typeof accessTokenListSchema>;

export const revokedTokenSchema = z.object({ revoked: z.literal(true) });

/** Who a presented token speaks for, when it is live. */
export const verifiedTokenSchema = z.object({
  tokenId: z.number().int(),
  userId: z.number().int(),
  scopes: z.array(tokenScopeSchema),
});
export type VerifiedToken = z.infer<typeof verifiedTokenSchema>;

const userId = z.number().int();

/** Subjects of the auth service for tokens. Only hashes of secrets travel after creation. */
export const tokensContracts = {
  createToken: defineRequest(
    'auth.token.create',
    z.object({ userId, token: createTokenRequestSchema }),
    createdAccessTokenSchema,
  ),
  /** The caller's live tokens (not revoked; expired ones are listed until revoked), newest first. */
  listTokens: defineRequest('auth.token.list', z.object({ userId }), accessTokenListSchema),
  /** Anyone else's token, or an unknown id, is NOT_FOUND. */
  revokeToken: defineRequest(
    'auth.token.revoke',
    z.object({ userId, tokenId: z.number().int() }),
    revokedTokenSchema,
  ),
  /**
   * Checks a presented secret by its SHA-256 (hex): UNAUTHENTICATED when unknown, revoked or
   * expired (the message says which). Records the use at most once a minute per token.
   */
  verifyToken: defineRequest(
    'auth.token.verify',
    z.object({ secretHash: z.string().regex(/^[0-9a-f]{64}$/) }),
    verifiedTokenSchema,
  ),
};
