import { Injectable } from '@nestjs/common';
import { sessionsContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { SessionsService } from './sessions.service.js';

type C = typeof sessionsContracts;

@Injectable()
export class SessionsHandler {
  constructor(private readonly sessions: SessionsService) {}

  @HandleRequest(sessionsContracts.recordSession)
  async record(request: RequestOf<C['recordSession']>) {
    const { idHash, userId, createdAt, expiresAt } = request;
    await this.sessions.record(idHash, userId, new Date(createdAt), new Date(expiresAt));
    return { recorded: true as const };
  }

  @HandleRequest(sessionsContracts.resolveSession)
  async resolve(request: RequestOf<C['resolveSession']>) {
    return { session: await this.sessions.resolve(request.idHash) };
  }

  @HandleRequest(sessionsContracts.sessionSeen)
  async seen(request: RequestOf<C['sessionSeen']>) {
    return { seen: await this.sessions.seen(request.idHash, new Date(request.at)) };
  }

  @HandleRequest(sessionsContracts.revokeSession)
  async revoke(request: RequestOf<C['revokeSession']>) {
    return { revoked: await this.sessions.revoke(request.idHash) };
  }

  @HandleRequest(sessionsContracts.revokeOtherSessions)
  async revokeOthers(request: RequestOf<C['revokeOtherSessions']>) {
    return { revoked: await this.sessions.revokeOthers(request.userId, request.keepHash) };
  }
}
