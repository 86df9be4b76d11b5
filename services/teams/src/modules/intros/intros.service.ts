import { Injectable } from '@nestjs/common';
import {
  INTRO_DAILY_LIMIT,
  INTRO_MESSAGES,
  introTargetContracts,
  type CreateIntroRequest,
  type IntroKnower,
  type IntroList,
  type IntroRequestView,
  type IntroSummary,
  type ListIntrosQuery,
  type ReplyOf,
} from '@warmpath/contracts';
import { nextUtcMidnight } from '@warmpath/domain';
import { BusClient, conflict, invalid, notFound, ServiceError } from '@warmpath/server-kit';
import { MembersRepository } from '../access/members.repository.js';
import { ProfilesClient } from '../access/profiles.client.js';
import { WorkspaceAccess } from '../access/workspace-access.js';
import { IntroClock } from './intro-clock.js';
import { IntroNotifier } from './intro-notifier.js';
import { toIntroView } from './intro-view.mapper.js';
import { IntrosRepository, type IntroRow } from './intros.repository.js';

type ResolvedTarget = ReplyOf<typeof introTargetContracts.resolve>;

/** Asking for an introduction, and reading one's requests (docs/intros.md, "Rules"). */
@Injectable()
export class IntrosService {
  constructor(
    private readonly intros: IntrosRepository,
    private readonly access: WorkspaceAccess,
    private readonly members: MembersRepository,
    private readonly profiles: ProfilesClient,
    private readonly notifier: IntroNotifier,
    private readonly clock: IntroClock,
    private readonly bus: BusClient,
  ) {}

  async create(teamId: number, userId: number, request: CreateIntroRequest): Promise<IntroRequestView> {
    await this.access.memberOf(teamId, userId);
    if (request.connectorUserId === userId) throw invalid(INTRO_MESSAGES.toYourself);
    const now = this.clock.now();
    await this.assertUnderDailyLimit(userId, now);
    const target = await this.bus.request(introTargetContracts.resolve, {
      userId,
      teamId,
      targetId: request.targetId,
    });
    const knower = await this.chooseConnector(teamId, target, request.connectorUserId);
    const open = await this.intros.findOpen(teamId, userId, target.personKey);
    if (open) throw openConflict(open);
    const connector = await this.members.findMember(teamId, knower.userId);
    if (!connector) throw notFound(INTRO_MESSAGES.connectorNotMember);
    const profiles = await this.profiles.profilesOf([userId, knower.userId]);
    const fields = {
      teamId,
      requesterId: userId,
      connectorId: knower.userId,
      connectorSharing: connector.sharing,
      targetKey: target.personKey,
      targetNodeId: target.id,
      targetName: target.name,
      targetCompany: target.company,
      targetPosition: target.position,
      connectorConnectionId: knower.connectionId,
      connectorTargetName: `${knower.firstName} ${knower.lastName}`.trim(),
      connectorTargetCompany: knower.company,
      connectorTargetPosition: knower.position,
      reason: request.reason,
      draft: request.draft,
      createdAt: now,
    };
    const created = await this.intros
      .transaction(async (manager) => {
        const { id, eventId } = await this.intros.insert(manager, fields);
        const intro = (await this.intros.findById(manager, id)) as IntroRow;
        const outboxId = await this.notifier.oweMail(manager, intro, 'requested', eventId, null, profiles);
        return { intro, outboxId };
      })
      .catch(async (error: unknown) => {
        // Two requests for one person at once: the unique index lets one through.
        if ((error as { code?: string }).code !== '23505') throw error;
        const winner = await this.intros.findOpen(teamId, userId, target.personKey);
        throw winner ? openConflict(winner) : error;
      });
    this.notifier.committed(created.intro, created.outboxId, now);
    return this.get(teamId, userId, created.intro.id);
  }

  async get(teamId: number, userId: number, introId: number): Promise<IntroRequestView> {
    await this.access.memberOf(teamId, userId);
    const intro = await this.intros.findForViewer(introId, teamId, userId);
    if (!intro) throw notFound(INTRO_MESSAGES.notFound);
    const [profiles, events] = await Promise.all([
      this.profiles.profilesOf([intro.requesterId, intro.connectorId]),
      this.intros.events(intro.id),
    ]);
    return toIntroView(intro, userId, profiles, events);
  }

  async markRead(teamId: number, userId: number, introId: number): Promise<IntroRequestView> {
    await this.get(teamId, userId, introId);
    await this.intros.markRead(null, introId, userId, this.clock.now());
    return this.get(teamId, userId, introId);
  }

  /** The caller's requests (one workspace, or all theirs), newest first, with the badge counts. */
  async list(userId: number, teamId: number | undefined, query: ListIntrosQuery): Promise<IntroList> {
    if (teamId !== undefined) await this.access.memberOf(teamId, userId);
    const rows = await this.intros.listForViewer(userId, { teamId, ...query });
    const profiles = await this.profiles.profilesOf(rows.flatMap((r) => [r.requesterId, r.connectorId]));
    const requests = rows.map((row) => toIntroView(row, userId, profiles));
    const summary =
      teamId === undefined && !query.role && !query.status
        ? countsOf(requests)
        : await this.summary(userId, teamId);
    return { ...summary, requests };
  }

  async summary(userId: number, teamId?: number): Promise<IntroSummary> {
    const rows = await this.intros.listForViewer(userId, { teamId });
    return countsOf(rows.map((row) => toIntroView(row, userId, new Map())));
  }

  private async assertUnderDailyLimit(userId: number, now: Date): Promise<void> {
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    if ((await this.intros.countCreatedSince(userId, dayStart)) < INTRO_DAILY_LIMIT) return;
    const resetsAt = nextUtcMidnight(now);
    const seconds = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
    throw new ServiceError(
      'RATE_LIMITED',
      `You can make at most ${INTRO_DAILY_LIMIT} introduction requests a day. The limit resets at ${resetsAt.toISOString()}.`,
      undefined,
      seconds,
    );
  }

  /** The teammate to ask: the one named (who must know the target), else whoever knows them best. */
  private async chooseConnector(
    teamId: number,
    target: ResolvedTarget,
    connectorUserId: number | undefined,
  ): Promise<IntroKnower> {
    if (target.isMember) throw invalid(INTRO_MESSAGES.targetIsTeammate);
    if (target.requesterKnows) throw invalid(INTRO_MESSAGES.ownNetwork);
    if (connectorUserId !== undefined) {
      const named = target.knowers.find((k) => k.userId === connectorUserId);
      if (named) return named;
      if (!(await this.members.findMember(teamId, connectorUserId)))
        throw notFound(INTRO_MESSAGES.connectorNotMember);
      throw invalid(INTRO_MESSAGES.connectorDoesNotKnow);
    }
    const best = [...target.knowers].sort((a, b) => b.warmth - a.warmth || a.userId - b.userId)[0];
    if (!best) throw notFound(INTRO_MESSAGES.nobodyKnows);
    return best;
  }
}

function openConflict(open: IntroRow): ServiceError {
  return conflict(
    `You already have an open introduction request for ${open.targetName} (request ${open.id}, ${open.state.replace('_', ' ')})`,
    open.id,
  );
}

function countsOf(requests: readonly IntroRequestView[]): IntroSummary {
  return {
    awaitingMe: requests.filter((r) => r.awaitingMe).length,
    unread: requests.filter((r) => r.unread).length,
  };
}
