import { Injectable } from '@nestjs/common';
import type {
  Connection,
  Relationship,
  RelationshipType,
  ResultCursor,
  ResultPage,
} from '@warmpath/contracts';
import { DataSource } from 'typeorm';
import type { ConnectionRow } from '../graph/network.repository.js';
import { toConnection } from '../graph/network-view.mapper.js';

/** A page stops growing past this much JSON, well under NATS' 1 MiB message limit. */
export const RESULT_PAGE_MAX_BYTES = 600 * 1024;
const ROWS_PER_QUERY = 1000;
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** ConnectionRow without its owner: the result pages know whose import they read. */
type PersonRow = Omit<ConnectionRow, 'owner_user_id'>;

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
    const page: ResultPage = {
      connections: [],
      relationships: [],
      totalConnections: 0,
      totalRelationships: 0,
      next: null,
    };
    if (!cursor) Object.assign(page, await this.totals(userId));
    let phase = cursor?.phase ?? 'connections';
    let afterId = cursor?.afterId ?? '0';
    let bytes = 0;
    for (;;) {
      const items =
        phase === 'connections' ? await this.people(userId, afterId, now) : await this.links(userId, afterId);
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
    // The same mapping as GET /api/network, so an import's answer and the graph agree field for field.
    return rows.map((row) => toConnection({ ...row, owner_user_id: userId }, now));
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
