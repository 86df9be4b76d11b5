import { Module } from '@nestjs/common';
import { InvitationsController } from './invitations.controller.js';
import { JoinCodeRateLimiter } from './join-code-rate-limiter.js';
import { JoinRequestsController } from './join-requests.controller.js';
import { TeamAccessController } from './team-access.controller.js';
import { TeamsController } from './teams.controller.js';
import { loadTeamsRouteConfig, TEAMS_ROUTE_CONFIG } from './teams-route.config.js';

/** Workspaces over HTTP (docs/workspaces.md); the teams service decides everything. */
@Module({
  controllers: [TeamsController, TeamAccessController, InvitationsController, JoinRequestsController],
  providers: [{ provide: TEAMS_ROUTE_CONFIG, useFactory: () => loadTeamsRouteConfig() }, JoinCodeRateLimiter],
})
export class TeamsModule {}
