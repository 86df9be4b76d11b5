import { describe, expect, it } from '@jest/globals';
import type { InvitationEntity } from '../../database/entities/index.js';
import { invitationState } from './invitation.mapper.js';

const NOW = new Date('2026-03-10T12:00:00Z');

function invitation(fields: Partial<InvitationEntity>): InvitationEntity {
  return {
    acceptedAt: null,
    revokedAt: null,
    expiresAt: new Date('2026-03-12T12:00:00Z'),
    ...fields,
  } as InvitationEntity;
}

describe('invitationState', () => {
  it('is pending until its expiry, and expired from that instant', () => {
    expect(invitationState(invitation({}), NOW)).toBe('pending');
    expect(invitationState(invitation({ expiresAt: NOW }), NOW)).toBe('expired');
  });

  it('stays accepted or revoked after its seven days (410 GONE, not expired)', () => {
    const past = new Date('2026-03-01T00:00:00Z');
    expect(invitationState(invitation({ acceptedAt: past, expiresAt: past }), NOW)).toBe('accepted');
    expect(invitationState(invitation({ revokedAt: past, expiresAt: past }), NOW)).toBe('revoked');
  });
});
