import { Module } from '@nestjs/common';
import { MembersRepository } from './access/members.repository.js';
import { ProfilesClient } from './access/profiles.client.js';
import { WorkspaceAccess } from './access/workspace-access.js';
import { InvitationCheckHandler } from './invitations/invitation-check.handler.js';
import { InvitationsHandler } from './invitations/invitations.handler.js';
import { InvitationsRepository } from './invitations/invitations.repository.js';
import { InvitationsService } from './invitations/invitations.service.js';
import { JoinRequestsHandler } from './join-requests/join-requests.handler.js';
import { JoinRequestsRepository } from './join-requests/join-requests.repository.js';
import { JoinRequestsService } from './join-requests/join-requests.service.js';
import { InvitationMailProcessor } from './mail/invitation-mail.processor.js';
import { InvitationMailQueue } from './mail/invitation-mail.queue.js';
import { SourcesHandler } from './sources/sources.handler.js';
import { SourcesRepository } from './sources/sources.repository.js';
import { SourcesService } from './sources/sources.service.js';
import { MembersService } from './workspaces/members.service.js';
import { WorkspacesHandler } from './workspaces/workspaces.handler.js';
import { WorkspacesRepository } from './workspaces/workspaces.repository.js';
import { WorkspacesService } from './workspaces/workspaces.service.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MemberEntity } from '../database/entities/index.js';

/** Workspaces, members, invitations, codes, join requests and the invitation mail outbox. */
@Module({
  imports: [TypeOrmModule.forFeature([MemberEntity])],
  providers: [
    ProfilesClient,
    MembersRepository,
    WorkspaceAccess,
    WorkspacesRepository,
    WorkspacesService,
    MembersService,
    WorkspacesHandler,
    InvitationsRepository,
    InvitationsService,
    InvitationsHandler,
    InvitationCheckHandler,
    JoinRequestsRepository,
    JoinRequestsService,
    JoinRequestsHandler,
    InvitationMailQueue,
    InvitationMailProcessor,
    SourcesRepository,
    SourcesService,
    SourcesHandler,
  ],
})
export class TeamsModule {}
