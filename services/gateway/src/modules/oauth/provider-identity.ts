import type { OAuthIdentity, OAuthProvider } from '@warmpath/contracts';
import { z } from 'zod';

const optionalText = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

/** Standard OpenID Connect claims (id_token merged with userinfo). */
export const oidcClaimsSchema = z.object({
  sub: z.string().min(1),
  email: optionalText,
  // Some providers send "true" as a string.
  email_verified: z.union([z.boolean(), z.string()]).nullish(),
  given_name: optionalText,
  family_name: optionalText,
  name: optionalText,
  preferred_username: optionalText,
  picture: optionalText,
});
export type OidcClaims = z.input<typeof oidcClaimsSchema>;

export function identityFromOidcClaims(
  provider: OAuthProvider,
  claims: z.output<typeof oidcClaimsSchema>,
): OAuthIdentity {
  const [first, last] = splitName(claims.name);
  return {
    provider,
    subject: claims.sub,
    email: claims.email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: claims.given_name ?? first,
    lastName: claims.family_name ?? last,
    preferredUsername: claims.preferred_username,
    avatarUrl: claims.picture,
  };
}

/** GET /user */
export const githubUserSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: optionalText,
  email: optionalText,
  avatar_url: optionalText,
});

/** GET /user/emails */
export const githubEmailsSchema = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }),
);

/**
 * GitHub's subject is the numeric id (a login can be renamed and reused). The e-mail is the
 * primary verified address when /user/emails could be read, else the public profile e-mail,
 * which is not treated as verified.
 */
export function identityFromGithub(
  user: z.output<typeof githubUserSchema>,
  emails: z.output<typeof githubEmailsSchema> | null,
): OAuthIdentity {
  const verified = emails?.find((e) => e.primary && e.verified) ?? emails?.find((e) => e.verified);
  const [firstName, lastName] = splitName(user.name);
  return {
    provider: 'github',
    subject: String(user.id),
    email: verified?.email ?? user.email,
    emailVerified: Boolean(verified),
    firstName,
    lastName,
    preferredUsername: user.login,
    avatarUrl: user.avatar_url,
  };
}

/** "Ada King Lovelace" → ["Ada", "King Lovelace"]: a guess, only used when no given/family name is sent. */
function splitName(name: string | null | undefined): [string | null, string | null] {
  if (!name) return [null, null];
  const [first, ...rest] = name.split(/\s+/u);
  return [first || null, rest.length ? rest.join(' ') : null];
}
