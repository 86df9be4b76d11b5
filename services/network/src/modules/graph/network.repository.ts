import { Injectable } from '@nestjs/common';
import { NETWORK_READ_TIMEOUT_MS, type FunctionCategory } from '@warmpath/contracts';
import { withQueryTimeout } from '@warmpath/server-kit';
import type pg from 'pg';
import { DataSource, type EntityManager } from 'typeorm';

/** The statement budget of reading a whole network: two thirds of the read's bus timeout (15 s). */
const NETWORK_LOAD_QUERY_TIMEOUT_MS = Math.floor((NETWORK_READ_TIMEOUT_MS * 2) / 3);

/** A stored connection as the read side needs it; dates already formatted by Postgres. */
export interface ConnectionRow {
  id: string;
  owner_user_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  linkedin_url: string | null;
  company: string | null;
  position: string | null;
  industry: string | null;
  location: string | null;
  /** yyyy-mm-dd */
  connected_on: string | null;
  category: FunctionCategory;
  seniority: number;
  notes: string | null;
  has_worked_with: boolean;
  /** ISO 8601, UTC */
  created_at: string;
  /**
   * The export history (docs/import.md#what-changed-since-the-last-export) (ISO 8601 UTC times);
   * null when there is none.
   */
  absent_since: string | null;
  previous_company: string | null;
  previous_position: string | null;
  job_changed_at: string | null;
}

export interface NetworkRows {
  /** '0' for a user who never imported anything. */
  version: string;
  connections: ConnectionRow[];
}

// Formatting dates in SQL keeps 30,000 rows from becoming 60,000 Date objects on the way to JSON.
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
export const CONNECTION_COLUMNS = `id::text AS id, owner_user_id, first_name, last_name, email, linkedin_url, company,
  position, industry, location, connected_on::text AS connected_on, category, seniority, notes, has_worked_with,
  to_char(created_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS created_at,
  to_char(absent_since AT TIME ZONE 'UTC', ${ISO_UTC}) AS absent_since, previous_company, previous_position,
  to_char(job_changed_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS job_changed_at`;

/**
 * Rows ordered by their id's decimal text, as `ORDER BY id` on the `id::text` column did (the
 * database collates by code unit). Sorted here: rows arrive nearly in that order already, which the
 * sort's runs exploit, where Postgres sorted the whole wide rows, on disk past work_mem (1.6-3 s
 * for 300,000 people and the 600,000 company links that were stored then).
 */
export const byTextId = (a: { id: string }, b: { id: string }): number =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

const VERSION_SQL = 'SELECT version::text AS version FROM network.network_versions WHERE owner_user_id = $1';

/** Reads of the network schema for the graph, paths and stats (the import worker owns the writes). */
@Injectable()
export class NetworkRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Every GET /api/network starts here, so it is a named (prepared once per connection) statement
   * on a raw pool connection: no TypeORM layers, no parse or plan in Postgres per read.
   */
  async findVersion(ownerUserId: number): Promise<string> {
    const runner = this.dataSource.createQueryRunner('slave');
    try {
      const client = (await runner.connect()) as pg.PoolClient;
      const result = await client.query<{ version: string }>({
        name: 'network-version',
        text: VERSION_SQL,
        values: [ownerUserId],
      });
      return result.rows[0]?.version ?? '0';
    } finally {
      await runner.release();
    }
  }

  /**
   * Version and people in one REPEATABLE READ snapshot: an import committing meanwhile can never
   * give a version that does not match the rows read with it. Company links are not stored: the
   * reader derives them from these people.
   */
  findNetwork(ownerUserId: number): Promise<NetworkRows> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const version = await this.versionIn(manager, ownerUserId);
      // A whole network (100,000 people) may take longer than a request's statement budget to
      // read; it gets NETWORK_LOAD_QUERY_TIMEOUT_MS, still under the read's bus timeout.
      const client = (await manager.queryRunner?.connect()) as pg.PoolClient;
      const connections: ConnectionRow[] = await withQueryTimeout(client, NETWORK_LOAD_QUERY_TIMEOUT_MS, () =>
        manager.query(`SELECT ${CONNECTION_COLUMNS} FROM network.connections WHERE owner_user_id = $1`, [
          ownerUserId,
        ]),
      );
      return { version, connections: connections.sort(byTextId) };
    });
  }

  /** The network versions of several users (a workspace's members) in one read; '0' for none yet. */
  async findVersions(ownerUserIds: readonly number[]): Promise<Map<number, string>> {
    const rows: { owner_user_id: number; version: string }[] = await this.dataSource.query(
      'SELECT owner_user_id, version::text AS version FROM network.network_versions WHERE owner_user_id = ANY($1)',
      [ownerUserIds],
    );
    const versions = new Map<number, string>(ownerUserIds.map((id) => [id, '0']));
    for (const row of rows) versions.set(row.owner_user_id, row.version);
    return versions;
  }

  /** How many people and company links the owner's network has, without loading it. */
  async countNetwork(ownerUserId: number): Promise<{ people: number; links: number }> {
    const rows: { people: number; links: number }[] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM network.connections WHERE owner_user_id = $1) AS people,
              (SELECT COALESCE(sum(links), 0)::int FROM network.company_link_counts WHERE owner_user_id = $1) AS links`,
      [ownerUserId],
    );
    return rows[0] ?? { people: 0, links: 0 };
  }

  private async versionIn(manager: EntityManager, ownerUserId: number): Promise<string> {
    const rows: { version: string }[] = await manager.query(VERSION_SQL, [ownerUserId]);
    return rows[0]?.version ?? '0';
  }
}
