import { Injectable } from '@nestjs/common';
import {
  normaliseInvitationCode,
  teamsEvents,
  type InvitationCode,
  type JoinRequest,
  type JoinRequestDecision,
  type MyJoinRequest,
} from '@warmpath/contracts';
import { invitationExpiry, isExpired, makeInvitationCode } from '@warmpath/domain';
import { BusClient, conflict, notFound } from '@warmpath/server-kit';
import { randomInt } from 'node:crypto';
import type { JoinRequestEntity } from '../../database/entities/index.js';
import { MembersRepository } from '../access/members.repository.js';
import { nameOf, ProfilesClient } from '../access/profiles.client.js';
import { isStoredId, WorkspaceAccess } from '../access/workspace-access.js';
import {
  isUniqueViolation,
  JoinRequestsRepository,
  type MyJoinRequestRow,
} from './join-requests.repository.js';

export const INVALID_CODE = 'Invalid or expired invitation code';
export const ALREADY_MEMBER = 'You are already a member of this workspace';
export const ALREADY_PENDING = 'You already have a pending request to join this workspace';
export const JOIN_REQUEST_NOT_FOUND = 'Join request not found';

/** Codes never grant access by themselves: they make a request the owner approves or rejects. */
@Injectable()
export class JoinRequestsService {
  constructor(
    private readonly requests: JoinRequestsRepository,
    private readonly members: MembersRepository,
    private readonly access: WorkspaceAccess,
    private readonly profiles: ProfilesClient,
    private readonly bus: BusClient,
  ) {}

  /** A new code for the workspace; the previous one stops working at once. */
  async generateCode(teamId: number, userId: number): Promise<InvitationCode> {
    await this.access.allowedTo('generateCode', teamId, userId);
    const expiresAt = invitationExpiry(new Date());
    // 31^8 ≈ 8.5e11 codes: a clash with another workspace's active code is rare; draw again if so.
    for (let attempt = 0; ; attempt++) {
      try {
        const code = makeInvitationCode((max) => randomInt(max));
        await this.requests.replaceActiveCode({ teamId, code, createdById: userId, expiresAt });
        return { invitationCode: code, expiresAt: expiresAt.toISOString() };
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }

  async createJoinRequest(userId: number, typedCode: string): Promise<MyJoinRequest> {
    const code = await this.requests.findActiveCode(normaliseInvitationCode(typedCode));
    if (!code || isExpired(code.expiresAt, new Date())) throw notFound(INVALID_CODE);
    if (await this.members.findMember(code.teamId, userId)) throw conflict(ALREADY_MEMBER);
    const requestor = await this.profiles.profileOf(userId);
    try {
      const request = await this.requests.createRequest({
        teamId: code.teamId,
        userId,
        code: code.code,
        requestorName: nameOf(requestor),
        requestorEmail: requestor?.email ?? '',
      });
      const mine = (await this.requests.findRequestsOfUser(userId)).find((r) => r.id === request.id);
      if (!mine) throw notFound(INVALID_CODE); // the workspace was deleted in between
      return toMyJoinRequest(mine);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(ALREADY_PENDING);
      throw error;
    }
  }

  async listJoinRequests(teamId: number, userId: number): Promise<JoinRequest[]> {
    await this.access.allowedTo('manageJoinRequests', teamId, userId);
    return (await this.requests.findPendingByTeamId(teamId)).map(toJoinRequest);
  }

  async listMyJoinRequests(userId: number): Promise<MyJoinRequest[]> {
    return (await this.requests.findRequestsOfUser(userId)).map(toMyJoinRequest);
  }

  /** Approve adds the requester as a member; a request is decided once (a second decision is a conflict). */
  async decide(
    teamId: number,
    userId: number,
    requestId: number,
    action: JoinRequestDecision['action'],
  ): Promise<JoinRequest> {
    await this.access.allowedTo('manageJoinRequests', teamId, userId);
    const { request, joined } = await this.requests.transaction(async (manager) => {
      const request = isStoredId(requestId)
        ? await this.requests.lockRequest(manager, teamId, requestId)
        : null;
      if (!request) throw notFound(JOIN_REQUEST_NOT_FOUND);
      if (request.status !== 'pending') throw conflict(`This request has already been ${request.status}`);
      request.status = action === 'approve' ? 'approved' : 'rejected';
      request.decidedAt = new Date();
      request.decidedById = userId;
      await this.requests.saveDecision(manager, request);
      const joined =
        action === 'approve'
          ? await this.members.addMemberIfAbsent(manager, teamId, request.userId, 'member')
          : null;
      return { request, joined };
    });
    if (joined) {
      this.bus.publish(teamsEvents.memberJoined, {
        teamId,
        userId: request.userId,
        role: 'member',
        joinedAt: joined.joinedAt.toISOString(),
        via: 'join-request',
      });
    }
    return toJoinRequest(request);
  }
}

function toJoinRequest(request: JoinRequestEntity): JoinRequest {
  return {
    invitationId: request.id,
    userId: request.userId,
    requestorName: request.requestorName,
    email: request.requestorEmail,
    requestedAt: request.requestedAt.toISOString(),
    invitationCode: request.code,
    status: request.status,
  };
}

function toMyJoinRequest(row: MyJoinRequestRow): MyJoinRequest {
  return {
    id: row.id,
    teamName: row.teamName,
    status: row.status,
    requestedAt: new Date(row.requestedAt).toISOString(),
    decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    teamId: row.status === 'approved' ? row.teamId : null,
  };
}
