import { Injectable } from '@nestjs/common';
import type { Connection, FunctionCategory, Relationship, RelationshipType, ResultCursor, ResultPage } from '@warmpath/contracts';
import { computeYearsConnected } from '@warmpath/domain';
import { DataSource } from 'typeorm';

/** A page stops growing past this much JSON, well under NATS' 1 MiB message limit. */
export const RESULT_PAGE_MAX_BYTES = 600 * 1024;
const ROWS_PER_QUERY = 1000;
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

interface PersonRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  linkedin_url: string | null;
  company: string | null;
  position: string | null;
  industry: string | null;
  location: string | null;
  connected_on: string | null;
  category: FunctionCategory;
  seniority: number;
  notes: string | null;
  has_worked_with: boolean;
  created_at: string;
}

interface LinkRow {
  id: string;
  source_id: string;
  target_id: string;
  type: RelationshipType;
  strength: number;
  company: string | null;
  created_at: string;
}

// Ordering by the table's bigint id, never by the text alias of the same name (text order breaks the cursor).

/**
 * The owner's stored network as the synchronous import routes answer it (product-spec §3 Import
 * result), page by page: people first, then their company links, each in id order.
 */
@Injectable()
export class ImportResultRepository {
  constructor(private readonly dataSource: DataSource) {}

  async page(userId: number, cursor: ResultCursor | null, now = new Date()): Promise<ResultPage> {
    const page: ResultPage = { connections: [], relationships: [], totalConnections: 0, totalRelationships: 0, next: null };
    if (!cursor) Object.assign(page, await this.totals(userId));
    let phase = cursor?.phase ?? 'connections';
    let afterId = cursor?.afterId ?? '0';
    let bytes = 0;
    for (;;) {
      const items = phase === 'connections' ? await this.people(userId, afterId, now) : await this.links(userId, afterId);
      for (const item of items) {
        bytes += JSON.stringify(item).length;
        if (phase === 'connections') page.connections.push(item as Connection);
        else page.relationships.push(item as Relationship);
        afterId = item.id;
        if (bytes >= RESULT_PAGE_MAX_BYTES) {
          page.next = { phase, afterId };
          return page;
        }
      }
      if (items.length === ROWS_PER_QUERY) continue;
      if (phase === 'relationships') return page;
      phase = 'relationships';
      afterId = '0';
    }
  }

  private async totals(userId: number): Promise<{ totalConnections: number; totalRelationships: number }> {
    const rows: { people: number; links: number }[] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM "network"."connections" WHERE "owner_user_id" = $1) AS "people",
              (SELECT count(*)::int FROM "network"."relationships" WHERE "owner_user_id" = $1) AS "links"`,
      [userId],
    );
    return { totalConnections: rows[0]?.people ?? 0, totalRelationships: rows[0]?.links ?? 0 };
  }

  private async people(userId: number, afterId: string, now: Date): Promise<Connection[]> {
    const rows: PersonRow[] = await this.dataSource.query(
      `SELECT "id"::text AS "id", "first_name", "last_name", "email", "linkedin_url", "company", "position", "industry",
              "location", "connected_on"::text AS "connected_on", "category", "seniority", "notes", "has_worked_with",
              to_char("created_at" AT TIME ZONE 'UTC', ${ISO_UTC}) AS "created_at"
       FROM "network"."connections" c WHERE c."owner_user_id" = $1 AND c."id" > $2 ORDER BY c."id" LIMIT ${ROWS_PER_QUERY}`,
      [userId, afterId],
    );
    return rows.map((row) => toConnection(row, userId, now));
  }

  private async links(userId: number, afterId: string): Promise<Relationship[]> {
    const rows: LinkRow[] = await this.dataSource.query(
      `SELECT "id"::text AS "id", "source_id"::text AS "source_id", "target_id"::text AS "target_id", "type", "strength",
              "company", to_char("created_at" AT TIME ZONE 'UTC', ${ISO_UTC}) AS "created_at"
       FROM "network"."relationships" r WHERE r."owner_user_id" = $1 AND r."id" > $2 ORDER BY r."id" LIMIT ${ROWS_PER_QUERY}`,
      [userId, afterId],
    );
    return rows.map((row) => ({
      id: row.id,
      sourceId: row.source_id,
      targetId: row.target_id,
      strength: row.strength,
      createdAt: row.created_at,
      type: row.type,
      company: row.company,
      userId,
    }));
  }
}

/** A stored person as a first-degree node of the owner's graph. */
export function toConnection(row: PersonRow, userId: number, now: Date): Connection {
  return {
    id: row.id,
    userId,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    position: row.position,
    email: row.email,
    linkedinUrl: row.linkedin_url,
    avatarUrl: null,
    notes: row.notes,
    industry: row.industry,
    location: row.location,
    connectionDegree: 1,
    yearsConnected: computeYearsConnected(row.connected_on, now),
    connectedOn: row.connected_on,
    createdAt: row.created_at,
    isUser: false,
    isTeammate: false,
    hasWorkedWith: row.has_worked_with,
    type: 'connection',
    positionInfo: { category: row.category, seniority: row.seniority },
    knownBy: [userId],
  };
}
