/**
 * The invitation token when the visitor came from an invitation link: /join/{token} sends a
 * signed-out visitor to /auth?returnUrl=/join/{token}, and registering with that token lifts the
 * per-address registration ceiling for the invited e-mail
 * (docs/security.md#sign-in-and-registration-limits).
 */
export function invitationFromReturnUrl(returnUrl: string): string | undefined {
  const match = /^\/join\/([^/?#]+)\/?(?:[?#].*)?$/.exec(returnUrl);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
