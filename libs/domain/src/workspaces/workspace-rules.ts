import {
  INVITATION_CODE_ALPHABET,
  INVITATION_CODE_LENGTH,
  INVITATION_TTL_DAYS,
  type WorkspaceRole,
} from '@warmpath/contracts';

/**
 * Who may do what in a workspace (docs/workspaces.md, docs/product.md#workspaces): the owner and
 * admins invite and make codes; only the owner handles join requests, removes members and deletes
 * the workspace; everyone but the owner may leave (the owner deletes instead).
 */
export const WORKSPACE_PERMISSIONS = {
  invite: ['owner', 'admin'],
  generateCode: ['owner', 'admin'],
  listInvitations: ['owner', 'admin'],
  manageJoinRequests: ['owner'],
  removeMember: ['owner'],
  deleteWorkspace: ['owner'],
  leave: ['admin', 'member'],
  // Uploaded exports of the workspace (docs/workspace-sources.md): upload, replace, delete.
  manageSources: ['owner', 'admin'],
} as const satisfies Record<string, readonly WorkspaceRole[]>;
export type WorkspaceAction = keyof typeof WORKSPACE_PERMISSIONS;

export function isAllowed(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return (WORKSPACE_PERMISSIONS[action] as readonly WorkspaceRole[]).includes(role);
}

const DAY_MS = 24 * 3600 * 1000;

/** When an invitation or a code made at `now` stops working (docs/product.md#invitations: 7 days). */
export function invitationExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
}

/** Expired at its expiry instant, not a millisecond later. */
export function isExpired(expiresAt: Date, now: Date): boolean {
  return expiresAt.getTime() <= now.getTime();
}

/** E-mail addresses compare without case or surrounding spaces (the invited address binds the invitation). */
export function isSameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Enough of an address for its owner to recognise it, too little for anyone else to learn it:
 * the first character of the local part and the whole domain ("a***@example.org").
 */
export function maskEmail(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  const first = Array.from(address.slice(0, at))[0] ?? '';
  return `${first}***${address.slice(at)}`;
}

/** What someone signed in with the wrong account reads when accepting an invitation. */
export function wrongAccountMessage(invitedEmail: string): string {
  return `This invitation was sent to ${maskEmail(invitedEmail)}. Sign in with that account to accept it.`;
}

/** A code as shown: INVITATION_CODE_LENGTH characters of the unambiguous alphabet. */
export function isWellFormedInvitationCode(code: string): boolean {
  return (
    code.length >= INVITATION_CODE_LENGTH &&
    Array.from(code).every((ch) => INVITATION_CODE_ALPHABET.includes(ch))
  );
}

/** A fresh code from a source of uniform random integers in [0, max) (crypto.randomInt in services). */
export function makeInvitationCode(randomInt: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < INVITATION_CODE_LENGTH; i++) {
    code += INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)];
  }
  return code;
}
