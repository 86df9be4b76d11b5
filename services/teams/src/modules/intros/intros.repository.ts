import { Injectable } from '@nestjs/common';
import type { DeclineReason, IntroActor, IntroState, MailStatus, SharingLevel } from '@warmpath/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** An introduction request as stored (docs/intros.md, "Data"). */
export interface IntroRow {
  id: number;
  teamId: number;
  teamName: string;
  requesterId: number;
  connectorId: number;
  connectorSharing: SharingLevel;
  connectorRevealed: boolean;
  targetKey: string;
  targetNodeId: string;
  targetName: string;
  targetCompany: string | null;
  targetPosition: string | null;
  connectorConnectionId: string;
  connectorTargetName: string;
  connectorTargetCompany: string | null;
  connectorTargetPosition: string | null;
  reason: string;
  draft: string | null;
  state: IntroState;
  declineReason: DeclineReason | null;
  declineText: string | null;
  createdAt: Date;
  updatedAt: Date;
  answeredAt: Date | null;
  remindedAt: Date | null;
  /** When the viewer last read it (listing and getting for a viewer only). */
  readAt?: Date | null;
}

export type NewIntro = Omit<
  IntroRow,
  | 'id'
  | 'teamName'
  | 'state'
  | 'declineReason'
  | 'declineText'
  | 'updatedAt'
  | 'answeredAt'
  | 'remindedAt'
  | 'readAt'
  | 'connectorRevealed'
>;

/** One change of a request, with the status of the mail it sent (if any). */
export interface IntroEventRow {
  id: number;
  state: IntroState;
  actor: IntroActor;
  actorId: number | null;
  note: string | null;
  at: Date;
  mailStatus: MailStatus | null;
  mailError: string | null;
}

export interface IntroChange {
  state: IntroState;
  actor: IntroActor;
  actorId: number | null;
  note: string | null;
  declineReason?: DeclineReason | null;
  declineText?: string | null;
  answered?: boolean;
  revealed?: boolean;
}

const COLUMNS = `r.id, r.team_id AS "teamId", w.name AS "teamName", r.requester_id AS "requesterId",
  r.connector_id AS "connectorId", r.connector_sharing AS "connectorSharing",
  r.connector_revealed AS "connectorRevealed", r.target_key AS "targetKey",
  r.target_node_id AS "targetNodeId", r.target_name AS "targetName", r.target_company AS "targetCompany",
  r.target_position AS "targetPosition", r.connector_connection_id AS "connectorConnectionId",
  r.connector_target_name AS "connectorTargetName", r.connector_target_company AS "connectorTargetCompany",
  r.connector_target_position AS "connectorTargetPosition", r.reason, r.draft, r.state,
  r.decline_reason AS "declineReason", r.decline_text AS "declineText", r.created_at AS "createdAt",
  r.updated_at AS "updatedAt", r.answered_at AS "answeredAt", r.reminded_at AS "remindedAt"`;

const FROM = `FROM teams.intro_requests r JOIN teams.workspaces w ON w.id = r.team_id`;

export const OPEN_STATES_SQL = `('requested', 'asking_target', 'accepted')`;

@Injectable()
export class IntrosRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Stores a new request and its first timeline entry; a second open one violates a unique index. */
  async insert(manager: EntityManager, intro: NewIntro): Promise<{ id: number; eventId: number }> {
    const [row] = (await manager.query(
      `INSERT INTO teams.intro_requests (team_id, requester_id, connector_id, connector_sharing, target_key,
         target_node_id, target_name, target_company, target_position, connector_connection_id,
         connector_target_name, connector_target_company, connector_target_position, reason, draft, state,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'requested', $16, $16)
       RETURNING id`,
      [
        intro.teamId,
        intro.requesterId,
        intro.connectorId,
        intro.connectorSharing,
        intro.targetKey,
        intro.targetNodeId,
        intro.targetName,
        intro.targetCompany,
        intro.targetPosition,
        intro.connectorConnectionId,
        intro.connectorTargetName,
        intro.connectorTargetCompany,
        intro.connectorTargetPosition,
        intro.reason,
        intro.draft,
        intro.createdAt,
      ],
    )) as { id: number }[];
    const id = (row as { id: number }).id;
    const eventId = await this.addEvent(
      manager,
      id,
      {
        state: 'requested',
        actor: 'requester',
        actorId: intro.requesterId,
        note: null,
      },
      intro.createdAt,
    );
    await this.markRead(manager, id, intro.requesterId, intro.createdAt);
    return { id, eventId };
  }

  async findOpen(teamId: number, requesterId: number, targetKey: string): Promise<IntroRow | null> {
    const rows: IntroRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} ${FROM}
       WHERE r.team_id = $1 AND r.requester_id = $2 AND r.target_key = $3 AND r.state IN ${OPEN_STATES_SQL}`,
      [teamId, requesterId, targetKey],
    );
    return rows[0] ?? null;
  }

  async countCreatedSince(requesterId: number, since: Date): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM teams.intro_requests WHERE requester_id = $1 AND created_at >= $2`,
      [requesterId, since],
    )) as { n: number }[];
    return row?.n ?? 0;
  }

  /** The request if the viewer is one of its two sides (anyone else: null, as for none). */
  async findForViewer(
    id: number,
    teamId: number,
    viewerId: number,
    manager?: EntityManager,
  ): Promise<IntroRow | null> {
    const rows: IntroRow[] = await (manager ?? this.dataSource).query(
      `SELECT ${COLUMNS}, rd.read_at AS "readAt" ${FROM}
       LEFT JOIN teams.intro_reads rd ON rd.intro_id = r.id AND rd.user_id = $3
       WHERE r.id = $1 AND r.team_id = $2 AND (r.requester_id = $3 OR r.connector_id = $3)
       ${manager ? 'FOR UPDATE OF r' : ''}`,
      [id, teamId, viewerId],
    );
    return rows[0] ?? null;
  }

  async findById(manager: EntityManager, id: number): Promise<IntroRow | null> {
    const rows: IntroRow[] = await manager.query(
      `SELECT ${COLUMNS} ${FROM} WHERE r.id = $1 FOR UPDATE OF r`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Applies a change the state machine allowed, and records who made it and when. */
  async change(manager: EntityManager, intro: IntroRow, change: IntroChange, at: Date): Promise<number> {
    await manager.query(
      `UPDATE teams.intro_requests SET state = $2, updated_at = $3,
         decline_reason = COALESCE($4, decline_reason), decline_text = COALESCE($5, decline_text),
         answered_at = CASE WHEN $6 AND answered_at IS NULL THEN $3 ELSE answered_at END,
         connector_revealed = connector_revealed OR $7
       WHERE id = $1`,
      [
        intro.id,
        change.state,
        at,
        change.declineReason ?? null,
        change.declineText ?? null,
        change.answered ?? false,
        change.revealed ?? false,
      ],
    );
    const eventId = await this.addEvent(manager, intro.id, change, at);
    if (change.actorId !== null) await this.markRead(manager, intro.id, change.actorId, at);
    return eventId;
  }

  private async addEvent(
    manager: EntityManager,
    introId: number,
    change: Pick<IntroChange, 'state' | 'actor' | 'actorId' | 'note'>,
    at: Date,
  ): Promise<number> {
    const [row] = (await manager.query(
      `INSERT INTO teams.intro_events (intro_id, state, actor, actor_id, note, at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [introId, change.state, change.actor, change.actorId, change.note, at],
    )) as { id: number }[];
    return (row as { id: number }).id;
  }

  async markRead(manager: EntityManager | null, introId: number, userId: number, at: Date): Promise<void> {
    await (manager ?? this.dataSource).query(
      `INSERT INTO teams.intro_reads (intro_id, user_id, read_at) VALUES ($1, $2, $3)
       ON CONFLICT (intro_id, user_id) DO UPDATE SET read_at = GREATEST(teams.intro_reads.read_at, $3)`,
      [introId, userId, at],
    );
  }

  async events(introId: number): Promise<IntroEventRow[]> {
    return this.dataSource.query(
      `SELECT e.id, e.state, e.actor, e.actor_id AS "actorId", e.note, e.at,
         o.status AS "mailStatus", o.last_error AS "mailError"
       FROM teams.intro_events e
       LEFT JOIN teams.mail_outbox o ON o.intro_event_id = e.id
       WHERE e.intro_id = $1 ORDER BY e.id`,
      [introId],
    );
  }

  /** The viewer's requests on either side, newest first. */
  async listForViewer(
    viewerId: number,
    filter: { teamId?: number; role?: 'requester' | 'connector'; status?: 'open' | 'closed' },
  ): Promise<IntroRow[]> {
    const where = ['(r.requester_id = $1 OR r.connector_id = $1)'];
    const params: unknown[] = [viewerId];
    if (filter.teamId !== undefined) {
      params.push(filter.teamId);
      where.push(`r.team_id = $${params.length}`);
    }
    if (filter.role === 'requester') where.push('r.requester_id = $1');
    if (filter.role === 'connector') where.push('r.connector_id = $1');
    if (filter.status === 'open') where.push(`r.state IN ${OPEN_STATES_SQL}`);
    if (filter.status === 'closed') where.push(`r.state NOT IN ${OPEN_STATES_SQL}`);
    return this.dataSource.query(
      `SELECT ${COLUMNS}, rd.read_at AS "readAt" ${FROM}
       JOIN teams.members m ON m.team_id = r.team_id AND m.user_id = $1
       LEFT JOIN teams.intro_reads rd ON rd.intro_id = r.id AND rd.user_id = $1
       WHERE ${where.join(' AND ')} ORDER BY r.created_at DESC, r.id DESC LIMIT 500`,
      params,
    );
  }

  /** Open requests of a workspace in which `userId` is a side (they are leaving it). */
  async openInvolving(manager: EntityManager, teamId: number, userId: number): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(
      `SELECT id FROM teams.intro_requests
       WHERE team_id = $1 AND (requester_id = $2 OR connector_id = $2) AND state IN ${OPEN_STATES_SQL}
       ORDER BY id FOR UPDATE`,
      [teamId, userId],
    );
    return rows.map((row) => row.id);
  }

  /** Open requests whose requester or connector is no longer a member (a leave not yet applied). */
  async openWithSideGone(teamId?: number): Promise<{ id: number; teamId: number; userId: number }[]> {
    return this.dataSource.query(
      `SELECT r.id, r.team_id AS "teamId",
         CASE WHEN rm.user_id IS NULL THEN r.requester_id ELSE r.connector_id END AS "userId"
       FROM teams.intro_requests r
       LEFT JOIN teams.members rm ON rm.team_id = r.team_id AND rm.user_id = r.requester_id
       LEFT JOIN teams.members cm ON cm.team_id = r.team_id AND cm.user_id = r.connector_id
       WHERE r.state IN ${OPEN_STATES_SQL} AND (rm.user_id IS NULL OR cm.user_id IS NULL)
         AND ($1::int IS NULL OR r.team_id = $1)`,
      [teamId ?? null],
    );
  }

  /** Unanswered requests made at or before `createdBy` (to expire, or to remind once). */
  async unansweredSince(createdBy: Date, onlyUnreminded: boolean, teamId?: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM teams.intro_requests
       WHERE state = 'requested' AND created_at <= $1 ${onlyUnreminded ? 'AND reminded_at IS NULL' : ''}
         AND ($2::int IS NULL OR team_id = $2)
       ORDER BY id`,
      [createdBy, teamId ?? null],
    );
    return rows.map((row) => row.id);
  }

  async markReminded(manager: EntityManager, id: number, at: Date): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `WITH r AS (UPDATE teams.intro_requests SET reminded_at = $2 WHERE id = $1 AND reminded_at IS NULL RETURNING id)
       SELECT id FROM r`,
      [id, at],
    );
    return rows.length > 0;
  }

  /** Every request of a workspace with the milestones it reached, for the Intros panel. */
  async forStats(teamId: number): Promise<IntroStatsRow[]> {
    return this.dataSource.query(
      `SELECT r.id, r.requester_id AS "requesterId", r.connector_id AS "connectorId",
         r.connector_sharing AS "connectorSharing", r.connector_revealed AS "connectorRevealed",
         r.state, r.created_at AS "createdAt", r.answered_at AS "answeredAt",
         bool_or(e.state = 'accepted') AS "accepted", bool_or(e.state = 'introduced') AS "introduced"
       FROM teams.intro_requests r JOIN teams.intro_events e ON e.intro_id = r.id
       WHERE r.team_id = $1 GROUP BY r.id`,
      [teamId],
    );
  }
}

export interface IntroStatsRow {
  id: number;
  requesterId: number;
  connectorId: number;
  connectorSharing: SharingLevel;
  connectorRevealed: boolean;
  state: IntroState;
  createdAt: Date;
  answeredAt: Date | null;
  accepted: boolean;
  introduced: boolean;
}
