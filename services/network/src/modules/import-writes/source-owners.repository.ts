import { Injectable } from '@nestjs/common';
import { BULK_MESSAGES } from '@warmpath/contracts';
import { conflict } from '@warmpath/server-kit';
import { DataSource } from 'typeorm';
import { bumpNetworkVersion, inTransaction, lockOwnerNetwork, withClient } from './pg-client.js';

/** Tables holding an owner's network; a source's rows move or go with it as one. */
const OWNER_TABLES = ['connections', 'company_link_counts', 'import_changes', 'import_commits'] as const;

/**
 * The stored people of a workspace source (an uploaded export, docs/workspace-sources.md): they live under a
 * negative owner id, written by the import path like anyone's. Deleting removes them; claiming
 * hands them to the user the export was named for, when that user has no network of their own.
 */
@Injectable()
export class SourceOwnersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async deleteSource(ownerId: number): Promise<number> {
    return withClient(this.dataSource, (client) =>
      inTransaction(client, async () => {
        await lockOwnerNetwork(client, ownerId);
        const deleted = await client.query('DELETE FROM "network"."connections" WHERE "owner_user_id" = $1', [
          ownerId,
        ]);
        for (const table of OWNER_TABLES.slice(1))
          await client.query(`DELETE FROM "network"."${table}" WHERE "owner_user_id" = $1`, [ownerId]);
        await bumpNetworkVersion(client, ownerId);
        return deleted.rowCount ?? 0;
      }),
    );
  }

  /** CONFLICT when the user already has people of their own: nothing is merged or lost. */
  async claimSource(ownerId: number, userId: number): Promise<number> {
    return withClient(this.dataSource, (client) =>
      inTransaction(client, async () => {
        // Always in this order (the source's lock first): two claims cannot wait on each other.
        await lockOwnerNetwork(client, ownerId);
        await lockOwnerNetwork(client, userId);
        const own = await client.query<{ n: number }>(
          'SELECT count(*)::int AS "n" FROM "network"."connections" WHERE "owner_user_id" = $1',
          [userId],
        );
        if ((own.rows[0]?.n ?? 0) > 0) throw conflict(BULK_MESSAGES.alreadyHasNetwork);
        const moved = await client.query(
          'UPDATE "network"."connections" SET "owner_user_id" = $2 WHERE "owner_user_id" = $1',
          [ownerId, userId],
        );
        await client.query('DELETE FROM "network"."company_link_counts" WHERE "owner_user_id" = $1', [
          userId,
        ]);
        for (const table of OWNER_TABLES.slice(1))
          await client.query(
            `UPDATE "network"."${table}" SET "owner_user_id" = $2 WHERE "owner_user_id" = $1`,
            [ownerId, userId],
          );
        await bumpNetworkVersion(client, ownerId);
        await bumpNetworkVersion(client, userId);
        return moved.rowCount ?? 0;
      }),
    );
  }
}
