import { Injectable } from '@nestjs/common';
import type { Connection } from '@warmpath/contracts';
import { DataSource } from 'typeorm';
import { toConnection } from '../graph/network-view.mapper.js';
import { CONNECTION_COLUMNS, type ConnectionRow } from '../graph/network.repository.js';

@Injectable()
export class NotesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Sets the notes of one of the owner's connections and bumps the owner's network version in the
   * same statement (so snapshots, paths and stats built before the change are never served again).
   * Answers the connection as its owner's graph node; null when the owner has no such connection
   * (nothing is written then).
   */
  async updateNotes(
    ownerUserId: number,
    connectionId: string,
    notes: string | null,
  ): Promise<Connection | null> {
    const rows: ConnectionRow[] = await this.dataSource.query(
      `WITH updated AS (
         UPDATE network.connections SET notes = $3, updated_at = now()
         WHERE id = $1::bigint AND owner_user_id = $2
         RETURNING *
       ), bumped AS (
         INSERT INTO network.network_versions AS v (owner_user_id, version)
         SELECT $2, 1 FROM updated
         ON CONFLICT (owner_user_id) DO UPDATE SET version = v.version + 1
         RETURNING version
       )
       SELECT ${CONNECTION_COLUMNS} FROM updated, bumped`,
      [connectionId, ownerUserId, notes],
    );
    const row = rows[0];
    return row ? toConnection(row, new Date()) : null;
  }
}
