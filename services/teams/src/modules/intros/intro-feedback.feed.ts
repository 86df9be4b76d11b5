import { Injectable } from '@nestjs/common';
import type { IntroFeedbackItem } from '@warmpath/contracts';
import { DataSource } from 'typeorm';

/**
 * The timeline entries that move a tie in path ranking (docs/warmth.md#feedback-from-introductions),
 * for the network service's catch-up: declined as `not_close_enough`, and introduced. The events
 * on the bus say the same as they happen; this answers what a stopped network service missed.
 */
@Injectable()
export class IntroFeedbackFeed {
  constructor(private readonly dataSource: DataSource) {}

  async since(afterEventId: number, limit: number): Promise<{ items: IntroFeedbackItem[] }> {
    const rows: (Omit<IntroFeedbackItem, 'at'> & { at: Date })[] = await this.dataSource.query(
      `SELECT e.id AS "eventId", r.id AS "introId", r.team_id AS "teamId", r.connector_id AS "connectorId",
         r.connector_connection_id AS "connectorConnectionId", r.target_key AS "targetPersonKey",
         CASE e.state WHEN 'introduced' THEN 'introduced' ELSE 'not_close_enough' END AS kind, e.at
       FROM teams.intro_events e JOIN teams.intro_requests r ON r.id = e.intro_id
       WHERE e.id > $1
         AND (e.state = 'introduced' OR (e.state = 'declined' AND r.decline_reason = 'not_close_enough'))
       ORDER BY e.id LIMIT $2`,
      [afterEventId, limit],
    );
    return { items: rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })) };
  }
}
