import { Injectable } from '@nestjs/common';
import type { IntroMemberStats, IntroStats } from '@warmpath/contracts';
import { isConnectorNamedToRequester } from '@warmpath/domain';
import { MembersRepository } from '../access/members.repository.js';
import { nameOf, ProfilesClient } from '../access/profiles.client.js';
import { WorkspaceAccess } from '../access/workspace-access.js';
import { IntroClock } from './intro-clock.js';
import { IntrosRepository, type IntroStatsRow } from './intros.repository.js';

const HOUR_MS = 3600 * 1000;

/** The median of some numbers, or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The workspace's Intros panel (docs/intros.md, "Statistics"). A connector sharing `counts` who
 * did not reveal themself is counted in `unnamed`, never on their own line, except to themself.
 */
@Injectable()
export class IntroStatsService {
  constructor(
    private readonly intros: IntrosRepository,
    private readonly access: WorkspaceAccess,
    private readonly members: MembersRepository,
    private readonly profiles: ProfilesClient,
    private readonly clock: IntroClock,
  ) {}

  async stats(teamId: number, viewerId: number): Promise<IntroStats> {
    await this.access.memberOf(teamId, viewerId);
    const [rows, members] = await Promise.all([
      this.intros.forStats(teamId),
      this.members.findMembersByTeamId(teamId),
    ]);
    const profiles = await this.profiles.profilesOf(members.map((m) => m.userId));
    const now = this.clock.now();
    const month = now.toISOString().slice(0, 7);
    const answered = rows.filter((r) => r.answeredAt !== null);
    const lines = new Map<number, IntroMemberStats>(
      members.map((m) => [
        m.userId,
        { userId: m.userId, name: nameOf(profiles.get(m.userId)), asked: 0, answered: 0, made: 0 },
      ]),
    );
    const unnamed = { answered: 0, made: 0 };
    for (const row of rows) {
      const asker = lines.get(row.requesterId);
      if (asker) asker.asked++;
      const shown =
        row.connectorId === viewerId ||
        isConnectorNamedToRequester(row.connectorSharing, row.connectorRevealed);
      const connector = shown ? lines.get(row.connectorId) : undefined;
      const into = connector ?? (shown ? null : unnamed);
      if (!into) continue;
      if (row.answeredAt) into.answered++;
      if (row.introduced) into.made++;
    }
    return {
      teamId,
      month,
      requestsThisMonth: rows.filter((r) => r.createdAt.toISOString().startsWith(month)).length,
      acceptanceRate: answered.length
        ? round(answered.filter((r) => r.accepted).length / answered.length, 3)
        : null,
      medianHoursToAnswer: roundOrNull(median(answered.map(hoursToAnswer)), 1),
      meetings: rows.filter((r) => r.state === 'meeting_held').length,
      members: [...lines.values()],
      unnamed,
    };
  }
}

const hoursToAnswer = (row: IntroStatsRow) =>
  ((row.answeredAt as Date).getTime() - row.createdAt.getTime()) / HOUR_MS;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const roundOrNull = (value: number | null, digits: number) => (value === null ? null : round(value, digits));
