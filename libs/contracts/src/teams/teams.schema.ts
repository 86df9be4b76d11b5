import { z } from 'zod';

/**
 * Workspaces (the API also calls them teams), their members, invitations and join requests:
 * the HTTP payloads of docs/product.md#api and the views the teams service answers with.
 * Roles and rules: docs/workspaces.md.
 */

/** owner: the creator (createdById). admin: invites and makes codes. member: sees and leaves. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const;
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

/**
 * The invite dialog's role select (docs/product.md#workspace-list); member is the default
 * (docs/product.md#constants).
 */
export const INVITE_ROLES = ['member', 'admin'] as const;
export const inviteRoleSchema = z.enum(INVITE_ROLES);
export type InviteRole = z.infer<typeof inviteRoleSchema>;

/** Invitation links and codes expire after 7 days (docs/product.md#invitations). */
export const INVITATION_TTL_DAYS = 7;
/** Codes are read out and typed: no 0/O, 1/I/L. */
export const INVITATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITATION_CODE_LENGTH = 8;
export const WORKSPACE_NAME_MAX_LENGTH = 100;
export const WORKSPACE_DESCRIPTION_MAX_LENGTH = 500;

/** The one body every non-member gets for any /api/teams/{id}* route (and for an unknown id). */
export const WORKSPACE_NOT_FOUND = 'Workspace not found';
export const INVALID_WORKSPACE_ID = 'Invalid workspace id';

/** A workspace id in a path: a positive integer; anything else is a 400 INVALID_WORKSPACE_ID. */
export const WORKSPACE_ID = /^[1-9]\d{0,9}$/;
/** An invitation token in a path (base64url); anything else is looked up as unknown (404). */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const isoDate = z.string();

/** A workspace card / header (docs/product.md#entities, with the real member count). */
export const workspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  createdById: z.number().int(),
  createdAt: isoDate,
  /** Real count of members, owner included (docs/product.md#real-data-instead-of-placeholders). */
  memberCount: z.number().int(),
  /** The caller's role in it. */
  role: workspaceRoleSchema,
  /** The owner's display name. */
  ownerName: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** POST /api/teams. Other fields (createdById, ownerId, members...) are dropped, never applied. */
export const createWorkspaceRequestSchema = z.object({
  name: z
    .string({ error: 'Workspace name is required' })
    .trim()
    .min(1, 'Workspace name is required')
    .max(WORKSPACE_NAME_MAX_LENGTH, `Workspace name must be at most ${WORKSPACE_NAME_MAX_LENGTH} characters`),
  description: z
    .string()
    .trim()
    .max(
      WORKSPACE_DESCRIPTION_MAX_LENGTH,
      `Description must be at most ${WORKSPACE_DESCRIPTION_MAX_LENGTH} characters`,
    )
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateWorkspaceRequest = z.infer<typeof createWorkspaceRequestSchema>;

/**
 * What a workspace sees of one member's connections (docs/workspace-network.md), each level adding to the one
 * before: `counts` (they count in "known by N" and company counts, no person shown), `names`
 * (name, company, position: the default), `profiles` (+ profile URL), `emails` (+ e-mail).
 */
export const SHARING_LEVELS = ['counts', 'names', 'profiles', 'emails'] as const;
export const sharingLevelSchema = z.enum(SHARING_LEVELS);
export type SharingLevel = z.infer<typeof sharingLevelSchema>;
export const DEFAULT_SHARING_LEVEL: SharingLevel = 'names';

/** PUT /api/teams/{id}/sharing: the caller's own choice for this workspace; applies at once. */
export const updateSharingRequestSchema = z.object({
  sharing: sharingLevelSchema.describe("one of 'counts', 'names', 'profiles', 'emails'"),
});
export type UpdateSharingRequest = z.infer<typeof updateSharingRequestSchema>;

/** GET /api/teams/{id}/members (the member of docs/product.md#entities: user {id, firstName, lastName}). */
export const teamMemberSchema = z.object({
  userId: z.number().int(),
  user: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  /** Display name (libs/domain displayName). */
  name: z.string(),
  role: workspaceRoleSchema,
  joinedAt: isoDate,
  sharing: sharingLevelSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/**
 * Whether a mail of the outbox went out. `disabled`: no SMTP configured; the link is still shown.
 * `failed` is final (out of tries, or no longer owed, as an expired invitation): its reason is kept.
 */
export const MAIL_STATUSES = ['queued', 'sent', 'retrying', 'failed', 'disabled'] as const;
export const mailStatusSchema = z.enum(MAIL_STATUSES);
export type MailStatus = z.infer<typeof mailStatusSchema>;

/**
 * POST /api/teams/{teamId}/invitations: {teamId, email, role} (the dashboard sends only {email}).
 * The path's teamId wins; a body teamId is ignored.
 */
export const createInvitationRequestSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(320, 'Invalid email address')
    .pipe(z.email('Invalid email address')),
  role: inviteRoleSchema.default('member'),
});
export type CreateInvitationRequest = z.infer<typeof createInvitationRequestSchema>;

export const INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export const invitationStateSchema = z.enum(INVITATION_STATES);

/** An e-mail invitation as its workspace's owner and admins see it. Never carries the token. */
export const invitationSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  email: z.string(),
  role: inviteRoleSchema,
  inviterName: z.string(),
  createdAt: isoDate,
  expiresAt: isoDate,
  state: invitationStateSchema,
  mailStatus: mailStatusSchema,
  /** When the mail went out, if it did. */
  mailSentAt: isoDate.nullable(),
  /** Why the mail failed for good (`failed`), or the last try's error while `retrying`. */
  mailError: z.string().nullable().optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The answer of POST /api/teams/{teamId}/invitations: the only time the token is shown. */
export const invitationCreatedSchema = invitationSchema.extend({
  token: z.string(),
  /** `${PUBLIC_URL}/join/{token}`: the link to copy (always shown, mail or not). */
  joinUrl: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

/** POST /api/teams/{id}/invitation-code: the workspace's one active code (a new one replaces it). */
export const invitationCodeSchema = z.object({ invitationCode: z.string(), expiresAt: isoDate });
export type InvitationCode = z.infer<typeof invitationCodeSchema>;

/**
 * GET /api/invitations/{token} (public): what the invitee may know before accepting. Never the
 * invited address. Unknown: 404; expired: 410 with code 'expired'; used or revoked: 410 GONE.
 */
export const invitationLookupSchema = z.object({
  teamName: z.string(),
  inviterName: z.string(),
  role: inviteRoleSchema,
  expiresAt: isoDate,
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

/** POST /api/invitations/{token}/accept */
export const acceptInvitationResultSchema = z.object({ teamId: z.number().int(), teamName: z.string() });
export type AcceptInvitationResult = z.infer<typeof acceptInvitationResultSchema>;

/** Codes are typed by people: case, spaces and hyphens do not matter. */
export function normaliseInvitationCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

/** POST /api/workspaces/join-request */
export const joinRequestCreateSchema = z.object({
  invitationCode: z
    .string({ error: 'Invitation code is required' })
    .trim()
    .min(1, 'Invitation code is required')
    .max(64, 'Invalid invitation code')
    .transform(normaliseInvitationCode),
});
export type JoinRequestCreate = z.infer<typeof joinRequestCreateSchema>;

/**
 * Stored states of a join request (docs/product.md#workspaces); the requester sees theirs on /join
 * and /workspaces.
 */
export const JOIN_REQUEST_STATES = ['pending', 'approved', 'rejected'] as const;
export const joinRequestStateSchema = z.enum(JOIN_REQUEST_STATES);
export type JoinRequestState = z.infer<typeof joinRequestStateSchema>;

/** A join request as the owner sees it (docs/product.md#entities). `invitationId` is the request's own id. */
export const joinRequestSchema = z.object({
  invitationId: z.number().int(),
  userId: z.number().int(),
  requestorName: z.string(),
  email: z.string(),
  requestedAt: isoDate,
  invitationCode: z.string(),
  status: joinRequestStateSchema,
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** POST /api/teams/{id}/join-requests/{invitationId} */
export const joinRequestDecisionSchema = z.object({
  action: z.enum(['approve', 'reject'], { error: "action must be 'approve' or 'reject'" }),
});
export type JoinRequestDecision = z.infer<typeof joinRequestDecisionSchema>;

/** The caller's own requests (GET /api/workspaces/join-requests): name and state of each. */
export const myJoinRequestSchema = z.object({
  id: z.number().int(),
  teamName: z.string(),
  status: joinRequestStateSchema,
  requestedAt: isoDate,
  decidedAt: isoDate.nullable(),
  /** Only once approved (the requester is then a member). */
  teamId: z.number().int().nullable(),
});
export type MyJoinRequest = z.infer<typeof myJoinRequestSchema>;

/** Answers of the calls that end a membership or a workspace. */
export const leftSchema = z.object({ left: z.literal(true) });
export const removedSchema = z.object({ removed: z.literal(true) });
export const deletedSchema = z.object({ deleted: z.literal(true) });
