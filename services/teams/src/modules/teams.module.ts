import { Module } from '@nestjs/common';
import { MembersRepository } from './access/members.repository.js';
import { ProfilesClient } from './access/profiles.client.js';
import { WorkspaceAccess } from './access/workspace-access.js';
import { InvitationCheckHandler } from './invitations/invitation-check.handler.js';
import { IntroAnswersService } from './intros/intro-answers.service.js';
import { IntroClock } from './intros/intro-clock.js';
import { IntroFeedbackFeed } from './intros/intro-feedback.feed.js';
import { IntroNotifier } from './intros/intro-notifier.js';
import { IntroStatsService } from './intros/intro-stats.service.js';
import { IntroSweepService } from './intros/intro-sweep.service.js';
import { IntrosHandler } from './intros/intros.handler.js';
import { IntrosRepository } from './intros/intros.repository.js';
import { IntrosService } from './intros/intros.service.js';
import { InvitationsHandler } from './invitations/invitations.handler.js';
import { InvitationsRepository } from './invitations/invitations.repository.js';
import { InvitationsService } from './invitations/invitations.service.js';
import { JoinRequestsHandler } from './join-requests/join-requests.handler.js';
import { JoinRequestsRepository } from './join-requests/join-requests.repository.js';
import { JoinRequestsService } from './join-requests/join-requests.service.js';
import { InvitationMailOutbox } from './mail/invitation-mail.outbox.js';
import { MailOutboxQueue } from './mail/mail-outbox.queue.js';
import { MailOutboxRepository } from './mail/mail-outbox.repository.js';
import { MailOutboxSender } from './mail/mail-outbox.sender.js';
import { SourcesHandler } from './sources/sources.handler.js';
import { SourcesRepository } from './sources/sources.repository.js';
import { SourcesService } from './sources/sources.service.js';
import { MembersService } from './workspaces/members.service.js';
import { WorkspacesHandler } from './workspaces/workspaces.handler.js';
import { WorkspacesRepository } from './workspaces/workspaces.repository.js';
import { WorkspacesService } from './workspaces/workspaces.service.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MemberEntity } from '../database/entities/index.js';

/** Workspaces, members, invitations, codes, join requests, introduction requests and the mail outbox. */
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
    MailOutboxRepository,
    MailOutboxSender,
    MailOutboxQueue,
    InvitationMailOutbox,
    SourcesRepository,
    SourcesService,
    SourcesHandler,
    IntroClock,
    IntrosRepository,
    IntroNotifier,
    IntrosService,
    IntroAnswersService,
    IntroStatsService,
    IntroSweepService,
    IntroFeedbackFeed,
    IntrosHandler,
  ],
})
export class TeamsModule {}
