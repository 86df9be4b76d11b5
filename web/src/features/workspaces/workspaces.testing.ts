import type { InvitationCreated, JoinRequest, MyJoinRequest } from '@warmpath/contracts';

/** Builders for the workspace screens' tests: realistic defaults, overrides per test. */

export { BEN, buildMember, buildWorkspace, OWNER } from '../../lib/testing/workspaces.testing';

export function buildJoinRequest(overrides: Partial<JoinRequest> = {}): JoinRequest {
  return {
    invitationId: 41,
    userId: 9,
    requestorName: 'Carla Ruiz',
    email: 'carla@example.org',
    requestedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    invitationCode: 'K7QM2XPA',
    status: 'pending',
    ...overrides,
  };
}

export function buildMyJoinRequest(overrides: Partial<MyJoinRequest> = {}): MyJoinRequest {
  return {
    id: 1,
    teamName: 'Globex Partners',
    status: 'pending',
    requestedAt: '2026-03-04T10:00:00.000Z',
    decidedAt: null,
    teamId: null,
    ...overrides,
  };
}

export function buildInvitationCreated(overrides: Partial<InvitationCreated> = {}): InvitationCreated {
  return {
    id: 3,
    teamId: 5,
    email: 'ben@example.org',
    role: 'member',
    inviterName: 'Maya Chen',
    createdAt: '2026-03-04T10:00:00.000Z',
    expiresAt: '2026-03-11T10:00:00.000Z',
    state: 'pending',
    mailStatus: 'queued',
    mailSentAt: null,
    token: 'tok_abcdefghijklmnopqrstuvwxyz',
    joinUrl: 'http://public.example/join/tok_abcdefghijklmnopqrstuvwxyz',
    ...overrides,
  };
}

/** An error body as the gateway sends it (statusCode, code, message, error, requestId). */
export function errorBody(statusCode: number, message: string, code = 'ERROR') {
  return { statusCode, code, message, error: message, requestId: 'req-1' };
}
