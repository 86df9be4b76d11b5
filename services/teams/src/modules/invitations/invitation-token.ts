import { INVITATION_TOKEN } from '@warmpath/contracts';
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url (43 characters): the link's secret. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a copy of the database opens no workspace. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens of the wrong shape are unknown ones, never looked up. */
export function isWellFormedToken(token: string): boolean {
  return INVITATION_TOKEN.test(token);
}
