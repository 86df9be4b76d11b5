import { z } from 'zod';
import { defineEvent, defineRequest } from '../bus/bus-contract.js';
import {
  acceptInvitationResultSchema,
  createInvitationRequestSchema,
  createWorkspaceRequestSchema,
  deletedSchema,
  invitationCodeSchema,
  invitationCreatedSchema,
  invitationLookupSchema,
  invitationSchema,
  joinRequestDecisionSchema,
  joinRequestSchema,
  leftSchema,
  myJoinRequestSchema,
  removedSchema,
  sharingLevelSchema,
  teamMemberSchema,
  updateSharingRequestSchema,
  workspaceRoleSchema,
  workspaceSchema,
} from './teams.schema.js';

const caller = z.object({ userId: z.number().int() });
const inWorkspace = caller.extend({ teamId: z.number().int().positive() });

/**
 * NATS face of the teams service. Every call that names a workspace answers NOT_FOUND
 * (WORKSPACE_NOT_FOUND) when the caller is not a member, exactly as for a workspace that does not
 * exist; FORBIDDEN only for a member whose role does not allow the call.
 */
export const teamsContracts = {
  createWorkspace: defineRequest(
    'teams.workspace.create',
    caller.extend({ workspace: createWorkspaceRequestSchema }),
    workspaceSchema,
  ),
  listWorkspaces: defineRequest('teams.workspace.list', caller, z.array(workspaceSchema)),
  getWorkspace: defineRequest('teams.workspace.get', inWorkspace, workspaceSchema),
  /** Owner only. */
  deleteWorkspace: defineRequest('teams.workspace.delete', inWorkspace, deletedSchema),
  listMembers: defineRequest('teams.member.list', inWorkspace, z.array(teamMemberSchema)),
  /** A member or admin; the owner cannot leave (only delete the workspace). */
  leaveWorkspace: defineRequest('teams.member.leave', inWorkspace, leftSchema),
  /** Owner only; the owner cannot be removed. */
  removeMember: defineRequest(
    'teams.member.remove',
    inWorkspace.extend({ memberId: z.number().int().positive() }),
    removedSchema,
  ),
  /** Any member, for themself: what the workspace sees of their connections. Answers their member row. */
  updateSharing: defineRequest(
    'teams.sharing.update',
    inWorkspace.extend({ sharing: updateSharingRequestSchema.shape.sharing }),
    teamMemberSchema,
  ),
  /** Owner or admin. */
  createInvitation: defineRequest(
    'teams.invitation.create',
    inWorkspace.extend({ invitation: createInvitationRequestSchema }),
    invitationCreatedSchema,
  ),
  /** Owner or admin: the workspace's e-mail invitations with their state and mail status. */
  listInvitations: defineRequest('teams.invitation.list', inWorkspace, z.array(invitationSchema)),
  /** Public (no caller): what /join/{token} shows. */
  lookupInvitation: defineRequest(
    'teams.invitation.lookup',
    z.object({ token: z.string() }),
    invitationLookupSchema,
  ),
  /** The signed-in account whose e-mail the invitation was sent to joins at once. */
  acceptInvitation: defineRequest(
    'teams.invitation.accept',
    caller.extend({ token: z.string() }),
    acceptInvitationResultSchema,
  ),
  /** Owner or admin: a new code, which invalidates the previous one. */
  generateCode: defineRequest('teams.code.generate', inWorkspace, invitationCodeSchema),
  /** A pending request for the workspace of a valid code (never access by itself). */
  createJoinRequest: defineRequest(
    'teams.join-request.create',
    caller.extend({ invitationCode: z.string() }),
    myJoinRequestSchema,
  ),
  /** Owner only: pending requests. */
  listJoinRequests: defineRequest('teams.join-request.list', inWorkspace, z.array(joinRequestSchema)),
  /** Owner only; a second decision on one request is a CONFLICT. */
  decideJoinRequest: defineRequest(
    'teams.join-request.decide',
    inWorkspace.extend({
      requestId: z.number().int().positive(),
      action: joinRequestDecisionSchema.shape.action,
    }),
    joinRequestSchema,
  ),
  /** The caller's own requests, every state. */
  listMyJoinRequests: defineRequest('teams.join-request.mine', caller, z.array(myJoinRequestSchema)),
  /**
   * For other services (the network service's pooled graph): the members of a workspace the
   * caller belongs to, with roles and join times. NOT_FOUND for a non-member, like every call.
   */
  getMembership: defineRequest(
    'teams.membership.get',
    inWorkspace,
    z.object({
      teamId: z.number().int(),
      members: z.array(
        z.object({
          userId: z.number().int(),
          role: workspaceRoleSchema,
          joinedAt: z.string(),
          sharing: sharingLevelSchema,
        }),
      ),
      /**
       * The workspace's uploaded exports (docs/workspace-sources.md), pooled like members sharing
       * `names`: each stored under `ownerId` (negative, never a user's id) in the network service.
       */
      sources: z
        .array(
          z.object({
            sourceId: z.number().int().positive(),
            ownerId: z.number().int().negative(),
            name: z.string(),
          }),
        )
        .optional(),
    }),
  ),
};

/** Past-tense events of the teams context: consumers keep pooled data current from them. */
export const teamsEvents = {
  workspaceCreated: defineEvent(
    'teams.workspace.created',
    z.object({ teamId: z.number().int(), ownerId: z.number().int(), createdAt: z.string() }),
  ),
  memberJoined: defineEvent(
    'teams.member.joined',
    z.object({
      teamId: z.number().int(),
      userId: z.number().int(),
      role: workspaceRoleSchema,
      joinedAt: z.string(),
      via: z.enum(['created', 'invitation', 'join-request']),
    }),
  ),
  memberLeft: defineEvent(
    'teams.member.left',
    z.object({
      teamId: z.number().int(),
      userId: z.number().int(),
      reason: z.enum(['left', 'removed']),
      leftAt: z.string(),
    }),
  ),
  sharingChanged: defineEvent(
    'teams.sharing.changed',
    z.object({ teamId: z.number().int(), userId: z.number().int(), sharing: sharingLevelSchema }),
  ),
  workspaceDeleted: defineEvent(
    'teams.workspace.deleted',
    z.object({
      teamId: z.number().int(),
      /** Everyone who was a member when it was deleted. */
      memberIds: z.array(z.number().int()),
      deletedAt: z.string(),
    }),
  ),
};
