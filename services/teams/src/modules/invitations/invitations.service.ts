import { Inject, Injectable } from '@nestjs/common';
import {
  teamsEvents,
  type AcceptInvitationResult,
  type CreateInvitationRequest,
  type Invitation,
  type InvitationCreated,
  type InvitationLookup,
} from '@warmpath/contracts';
import { invitationExpiry, isSameEmail, wrongAccountMessage } from '@warmpath/domain';
import { BusClient, forbidden, notFound, SERVICE_CONFIG, ServiceError } from '@warmpath/server-kit';
import type { TeamsConfig } from '../../config/teams.config.js';
import type { InvitationEntity } from '../../database/entities/index.js';
import { MembersRepository } from '../access/members.repository.js';
import { nameOf, ProfilesClient } from '../access/profiles.client.js';
import { WorkspaceAccess } from '../access/workspace-access.js';
import { InvitationMailOutbox, invitationJoinUrl } from '../mail/invitation-mail.outbox.js';
import { WorkspacesRepository } from '../workspaces/workspaces.repository.js';
import { invitationState, toInvitation } from './invitation.mapper.js';
import { hashInvitationToken, isWellFormedToken, newInvitationToken } from './invitation-token.js';
import { InvitationsRepository } from './invitations.repository.js';

export const INVITATION_NOT_FOUND = 'Invitation not found';
export const INVITATION_EXPIRED = 'This invitation has expired.';
export const INVITATION_USED = 'This invitation has already been used.';
export const INVITATION_REVOKED = 'This invitation is no longer valid.';

/** E-mail invitations: bound to the invited address, single use, seven days (docs/workspaces.md). */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly workspaces: WorkspacesRepository,
    private readonly members: MembersRepository,
    private readonly access: WorkspaceAccess,
    private readonly profiles: ProfilesClient,
    private readonly mail: InvitationMailOutbox,
    private readonly bus: BusClient,
    @Inject(SERVICE_CONFIG) private readonly config: TeamsConfig,
  ) {}

  /** Stores the invitation, then hands its mail to the outbox: sending never blocks or fails this. */
  async createInvitation(
    teamId: number,
    userId: number,
    request: CreateInvitationRequest,
  ): Promise<InvitationCreated> {
    await this.access.allowedTo('invite', teamId, userId);
    const token = newInvitationToken();
    // One clock for both dates, so the link lasts exactly seven days from what the list shows.
    const createdAt = new Date();
    const [workspace, inviter] = await Promise.all([
      this.workspaces.findById(teamId),
      this.profiles.profileOf(userId),
    ]);
    const inviterName = nameOf(inviter);
    // The mail is owed in the invitation's own transaction: both exist, or neither.
    const { invitation, alongside: outboxId } = await this.invitations.createReplacingEarlier(
      {
        teamId,
        tokenHash: hashInvitationToken(token),
        email: request.email,
        role: request.role,
        invitedById: userId,
        createdAt,
        expiresAt: invitationExpiry(createdAt),
        mailStatus: this.mail.isEnabled ? 'queued' : 'disabled',
      },
      (manager, created) => this.mail.owe(manager, created, token, workspace?.name ?? '', inviterName),
    );
    this.mail.enqueue(outboxId);
    return {
      ...toInvitation(invitation, inviterName),
      token,
      joinUrl: joinUrl(this.config.PUBLIC_URL, token),
    };
  }

  async listInvitations(teamId: number, userId: number): Promise<Invitation[]> {
    await this.access.allowedTo('listInvitations', teamId, userId);
    const invitations = await this.invitations.findInvitationsByTeamId(teamId);
    const inviters = await this.profiles.profilesOf(invitations.map((i) => i.invitedById));
    return invitations.map((i) => toInvitation(i, nameOf(inviters.get(i.invitedById))));
  }

  /** Public: what /join/{token} shows. Never the invited address. */
  async lookupInvitation(token: string): Promise<InvitationLookup> {
    const invitation = await this.usableInvitation(token);
    const workspace = await this.workspaces.findById(invitation.teamId);
    if (!workspace) throw notFound(INVITATION_NOT_FOUND);
    return {
      teamName: workspace.name,
      inviterName: nameOf(await this.profiles.profileOf(invitation.invitedById)),
      role: invitation.role,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /**
   * The signed-in account whose e-mail was invited joins at once with the invited role. Someone
   * already a member (by a code, say) succeeds too: the link is used up and their role stays.
   */
  async acceptInvitation(token: string, userId: number): Promise<AcceptInvitationResult> {
    const found = await this.usableInvitation(token);
    const account = await this.profiles.profileOf(userId);
    if (!account || !isSameEmail(account.email, found.email)) {
      throw forbidden(wrongAccountMessage(found.email));
    }
    const joined = await this.invitations.transaction(async (manager) => {
      const invitation = await this.invitations.lockById(manager, found.id);
      if (!invitation) throw notFound(INVITATION_NOT_FOUND);
      assertUsable(invitation);
      const added = await this.members.addMemberIfAbsent(manager, invitation.teamId, userId, invitation.role);
      await this.invitations.markAccepted(manager, invitation.id, userId);
      return added;
    });
    if (joined) {
      this.bus.publish(teamsEvents.memberJoined, {
        teamId: found.teamId,
        userId,
        role: found.role,
        joinedAt: joined.joinedAt.toISOString(),
        via: 'invitation',
      });
    }
    const workspace = await this.workspaces.findById(found.teamId);
    return { teamId: found.teamId, teamName: workspace?.name ?? '' };
  }

  private async usableInvitation(token: string): Promise<InvitationEntity> {
    const invitation = isWellFormedToken(token)
      ? await this.invitations.findByTokenHash(hashInvitationToken(token))
      : null;
    if (!invitation) throw notFound(INVITATION_NOT_FOUND);
    assertUsable(invitation);
    return invitation;
  }
}

export const joinUrl = invitationJoinUrl;

/** Used or revoked: 410 GONE; past its seven days: 410 with code 'expired' (docs/product.md#entities). */
function assertUsable(invitation: InvitationEntity): void {
  const state = invitationState(invitation);
  if (state === 'accepted') throw new ServiceError('GONE', INVITATION_USED);
  if (state === 'revoked') throw new ServiceError('GONE', INVITATION_REVOKED);
  if (state === 'expired') throw new ServiceError('expired', INVITATION_EXPIRED);
}
