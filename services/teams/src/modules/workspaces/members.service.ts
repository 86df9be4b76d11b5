import { Injectable } from '@nestjs/common';
import { teamsEvents, type SharingLevel, type TeamMember } from '@warmpath/contracts';
import { BusClient, forbidden, notFound } from '@warmpath/server-kit';
import { MembersRepository } from '../access/members.repository.js';
import { ProfilesClient } from '../access/profiles.client.js';
import { isStoredId, WorkspaceAccess } from '../access/workspace-access.js';
import { IntroAnswersService } from '../intros/intro-answers.service.js';
import { SourcesService } from '../sources/sources.service.js';
import { toTeamMember } from './workspace.mapper.js';

export const MEMBER_NOT_FOUND = 'Member not found';
export const OWNER_CANNOT_BE_REMOVED = 'The owner cannot be removed from the workspace';

/** Who is in a workspace, leaving it, being removed from it and what each member shares. */
@Injectable()
export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    private readonly access: WorkspaceAccess,
    private readonly profiles: ProfilesClient,
    private readonly bus: BusClient,
    private readonly sources: SourcesService,
    private readonly intros: IntroAnswersService,
  ) {}

  async listMembers(teamId: number, userId: number): Promise<TeamMember[]> {
    await this.access.memberOf(teamId, userId);
    const members = await this.members.findMembersByTeamId(teamId);
    const profiles = await this.profiles.profilesOf(members.map((m) => m.userId));
    return members.map((member) => toTeamMember(member, profiles.get(member.userId)));
  }

  async getMembership(teamId: number, userId: number) {
    await this.access.memberOf(teamId, userId);
    const members = await this.members.findMembersByTeamId(teamId);
    return {
      teamId,
      members: members.map((m) => ({
        userId: m.userId,
        role: m.role,
        joinedAt: m.joinedAt.toISOString(),
        sharing: m.sharing,
      })),
      sources: await this.sources.poolSources(teamId),
    };
  }

  /** Members and admins leave; the owner cannot (they delete the workspace instead). */
  async leave(teamId: number, userId: number): Promise<{ left: true }> {
    await this.access.allowedTo('leave', teamId, userId);
    // Removed concurrently by the owner: they are out either way, and the owner's call announced it.
    if (await this.members.removeMember(teamId, userId)) this.announceLeft(teamId, userId, 'left');
    await this.closeIntrosOf(teamId, userId);
    return { left: true };
  }

  async removeMember(teamId: number, userId: number, memberId: number): Promise<{ removed: true }> {
    await this.access.allowedTo('removeMember', teamId, userId);
    const member = isStoredId(memberId) ? await this.members.findMember(teamId, memberId) : null;
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    if (member.role === 'owner') throw forbidden(OWNER_CANNOT_BE_REMOVED);
    if (await this.members.removeMember(teamId, memberId)) this.announceLeft(teamId, memberId, 'removed');
    await this.closeIntrosOf(teamId, memberId);
    return { removed: true };
  }

  async updateSharing(teamId: number, userId: number, sharing: SharingLevel): Promise<TeamMember> {
    const member = await this.access.memberOf(teamId, userId);
    const updated = await this.members.updateSharing(member, sharing);
    this.bus.publish(teamsEvents.sharingChanged, { teamId, userId, sharing });
    return toTeamMember(updated, (await this.profiles.profilesOf([userId])).get(userId));
  }

  /**
   * Their open intro requests are withdrawn and those addressed to them declined, with a notice
   * to the other side. A failure here is left to the intro sweep, which closes what a leave missed.
   */
  private async closeIntrosOf(teamId: number, userId: number): Promise<void> {
    await this.intros.memberLeft(teamId, userId).catch(() => undefined);
  }

  private announceLeft(teamId: number, userId: number, reason: 'left' | 'removed'): void {
    this.bus.publish(teamsEvents.memberLeft, { teamId, userId, reason, leftAt: new Date().toISOString() });
  }
}
