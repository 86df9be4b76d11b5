import { describe, expect, it } from '@jest/globals';
import { INVITATION_CODE_ALPHABET, normaliseInvitationCode } from '@warmpath/contracts';
import {
  invitationExpiry,
  isAllowed,
  isExpired,
  isSameEmail,
  isWellFormedInvitationCode,
  makeInvitationCode,
  maskEmail,
  wrongAccountMessage,
} from './workspace-rules.js';

describe('isAllowed', () => {
  it('lets the owner and admins invite and make codes, but not members', () => {
    expect(isAllowed('owner', 'invite')).toBe(true);
    expect(isAllowed('admin', 'invite')).toBe(true);
    expect(isAllowed('member', 'invite')).toBe(false);
    expect(isAllowed('admin', 'generateCode')).toBe(true);
    expect(isAllowed('member', 'generateCode')).toBe(false);
  });

  it('keeps join requests, removals and deletion to the owner alone', () => {
    for (const action of ['manageJoinRequests', 'removeMember', 'deleteWorkspace'] as const) {
      expect(isAllowed('owner', action)).toBe(true);
      expect(isAllowed('admin', action)).toBe(false);
      expect(isAllowed('member', action)).toBe(false);
    }
  });

  it('lets members and admins leave, never the owner', () => {
    expect(isAllowed('member', 'leave')).toBe(true);
    expect(isAllowed('admin', 'leave')).toBe(true);
    expect(isAllowed('owner', 'leave')).toBe(false);
  });
});

describe('expiry', () => {
  it('is seven days after creation, and expired from that instant on', () => {
    const now = new Date('2026-01-01T10:00:00.000Z');
    const expiresAt = invitationExpiry(now);
    expect(expiresAt.toISOString()).toBe('2026-01-08T10:00:00.000Z');
    expect(isExpired(expiresAt, new Date('2026-01-08T09:59:59.999Z'))).toBe(false);
    expect(isExpired(expiresAt, expiresAt)).toBe(true);
  });
});

describe('maskEmail', () => {
  it('keeps the first character and the domain only', () => {
    expect(maskEmail('ana.silva@example.org')).toBe('a***@example.org');
    expect(maskEmail(' B@x.io ')).toBe('B***@x.io');
  });

  it('shows nothing of something that is not an address', () => {
    expect(maskEmail('no-at-sign')).toBe('***');
    expect(maskEmail('@example.org')).toBe('***');
  });

  it('names the masked address in the wrong-account message', () => {
    expect(wrongAccountMessage('ana@example.org')).toBe(
      'This invitation was sent to a***@example.org. Sign in with that account to accept it.',
    );
  });
});

describe('isSameEmail', () => {
  it('ignores case and surrounding spaces', () => {
    expect(isSameEmail('Ana@Example.org', ' ana@example.ORG')).toBe(true);
    expect(isSameEmail('ana@example.org', 'ana@example.com')).toBe(false);
  });
});

describe('invitation codes', () => {
  it('makes codes of eight unambiguous characters', () => {
    let seed = 0;
    const code = makeInvitationCode((max) => seed++ % max);
    expect(code).toBe('23456789');
    expect(isWellFormedInvitationCode(code)).toBe(true);
    const last = makeInvitationCode((max) => max - 1);
    expect(last).toBe('ZZZZZZZZ');
    expect(INVITATION_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('reads a typed code without case, spaces or hyphens', () => {
    expect(normaliseInvitationCode(' abcd-ef 23 ')).toBe('ABCDEF23');
    expect(isWellFormedInvitationCode(normaliseInvitationCode('abcd-ef23'))).toBe(true);
  });

  it('refuses codes that are too short or hold ambiguous characters', () => {
    expect(isWellFormedInvitationCode('ABC234')).toBe(false);
    expect(isWellFormedInvitationCode('ABCDEF0O')).toBe(false);
  });
});
