import { Injectable } from '@nestjs/common';
import type { IntroFeedbackKind } from '@warmpath/domain';
import { DataSource } from 'typeorm';

/** One thing an introduction request taught a workspace about a connector's tie to a person. */
export interface IntroFeedbackRow {
  introId: number;
  kind: IntroFeedbackKind;
  teamId: number;
  connectorUserId: number;
  personKey: string;
  connectorConnectionId: string;
  at: string;
  /** The teams service's timeline entry, when it came by the catch-up (the live events carry none). */
  teamsEventId: number | null;
}

/** network.intro_feedback (docs/warmth.md#feedback-from-introductions). */
@Injectable()
export class IntroFeedbackRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores feedback; one row per request and kind, whichever way (event or catch-up) came first. */
  async record(rows: readonly IntroFeedbackRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO network.intro_feedback AS f
         (intro_id, kind, team_id, connector_user_id, person_key, connector_connection_id, at, teams_event_id)
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::text[], $6::text[],
         $7::timestamptz[], $8::int[])
       ON CONFLICT (intro_id, kind) DO UPDATE
         SET teams_event_id = COALESCE(f.teams_event_id, EXCLUDED.teams_event_id)`,
      [
        rows.map((r) => r.introId),
        rows.map((r) => r.kind),
        rows.map((r) => r.teamId),
        rows.map((r) => r.connectorUserId),
        rows.map((r) => r.personKey),
        rows.map((r) => r.connectorConnectionId),
        rows.map((r) => r.at),
        rows.map((r) => r.teamsEventId),
      ],
    );
  }

  /** A workspace's feedback, oldest first. */
  async forTeam(teamId: number): Promise<IntroFeedbackRow[]> {
    const rows: (Omit<IntroFeedbackRow, 'at'> & { at: Date })[] = await this.dataSource.query(
      `SELECT intro_id AS "introId", kind, team_id AS "teamId", connector_user_id AS "connectorUserId",
         person_key AS "personKey", connector_connection_id AS "connectorConnectionId", at,
         teams_event_id AS "teamsEventId"
       FROM network.intro_feedback WHERE team_id = $1 ORDER BY at, intro_id, kind`,
      [teamId],
    );
    return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
  }

  /** The last timeline entry the catch-up has read (0 before the first). */
  async caughtUpTo(): Promise<number> {
    const [row] = await this.dataSource.query<{ id: number | null }[]>(
      `SELECT max(teams_event_id) AS id FROM network.intro_feedback`,
    );
    return row?.id ?? 0;
  }

  /** Drops a workspace's feedback (deleted), or one connector's in it (left). */
  async drop(teamId: number, connectorUserId?: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM network.intro_feedback WHERE team_id = $1 AND ($2::int IS NULL OR connector_user_id = $2)`,
      [teamId, connectorUserId ?? null],
    );
  }
}
