import { Injectable } from '@nestjs/common';
import { copyValue } from '@warmpath/contracts';
import { notFound } from '@warmpath/server-kit';
import { companyKey, generateCompanyLinks, type CompanyLink, type CompanyLinkPerson } from '@warmpath/domain';
import type pg from 'pg';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import copyStreams from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import {
  bumpNetworkVersion,
  inTransaction,
  lockOwnerNetwork,
  readNetworkVersion,
  withClient,
} from './pg-client.js';

export interface LinkResult {
  /** Where the time went (ms), for the logs. */
  timings: Record<string, number>;
  relationships: number;
  version: string;
  /** False when this import's links were already regenerated (a retry): nothing was written. */
  linkedNow: boolean;
  inserted: number;
  updated: number;
}

interface CommitRow {
  touched: string[];
  linked: boolean;
  inserted: number;
  updated: number;
}

/** Rows per COPY chunk of new links: big enough to be fast, small enough to keep memory flat. */
const COPY_CHUNK_ROWS = 5000;

/**
 * Regenerates the company links (product-spec §5) of the companies an import touched, from the
 * stored people, in one transaction. Companies the import did not touch keep their links (and ids).
 */
@Injectable()
export class CompanyLinksRepository {
  constructor(private readonly dataSource: DataSource) {}

  relink(importId: string, userId: number): Promise<LinkResult> {
    return withClient(this.dataSource, (client) =>
      inTransaction(client, async () => {
        await lockOwnerNetwork(client, userId);
        const commit = await this.findCommit(client, importId, userId);
        let version: string;
        let timings: Record<string, number> = {};
        if (!commit.linked && commit.touched.length > 0) {
          timings = await this.replaceLinks(client, userId, commit.touched);
          version = await bumpNetworkVersion(client, userId);
        } else {
          version = await readNetworkVersion(client, userId);
        }
        const total = await client.query<{ count: number }>(
          'SELECT count(*)::int AS "count" FROM "network"."relationships" WHERE "owner_user_id" = $1',
          [userId],
        );
        const relationships = total.rows[0]?.count ?? 0;
        await client.query(
          `UPDATE "network"."import_commits" SET "linked_at" = COALESCE("linked_at", now()), "relationships" = $2
           WHERE "import_id" = $1`,
          [importId, relationships],
        );
        return {
          relationships,
          version,
          linkedNow: !commit.linked,
          inserted: commit.inserted,
          updated: commit.updated,
          timings,
        };
      }),
    );
  }

  private async findCommit(client: pg.PoolClient, importId: string, userId: number): Promise<CommitRow> {
    const result = await client.query<CommitRow>(
      `SELECT "touched_companies" AS "touched", "linked_at" IS NOT NULL AS "linked", "inserted", "updated"
       FROM "network"."import_commits" WHERE "import_id" = $1 AND "owner_user_id" = $2 FOR UPDATE`,
      [importId, userId],
    );
    const row = result.rows[0];
    if (!row) throw notFound(`Import ${importId} has not been committed`);
    return row;
  }

  private async replaceLinks(
    client: pg.PoolClient,
    userId: number,
    touched: string[],
  ): Promise<Record<string, number>> {
    const started = Date.now();
    const people = await client.query<CompanyLinkPerson>(
      `SELECT "id"::text AS "id", "company", "position" FROM "network"."connections"
       WHERE "owner_user_id" = $1 AND "company_key" = ANY($2)`,
      [userId, touched],
    );
    const loaded = Date.now();
    const links = generateCompanyLinks(people.rows);
    const generated = Date.now();
    await client.query(
      `DELETE FROM "network"."relationships" WHERE "owner_user_id" = $1 AND "company_key" = ANY($2)
       AND "type" IN ('company-role', 'company-group', 'company-general')`,
      [userId, touched],
    );
    await pipeline(
      Readable.from(copyChunks(userId, links)),
      client.query(
        copyStreams.from(
          `COPY "network"."relationships" ("owner_user_id", "source_id", "target_id", "type", "strength", "company", "company_key") FROM STDIN`,
        ),
      ),
    );
    return {
      loadMs: loaded - started,
      generateMs: generated - loaded,
      writeMs: Date.now() - generated,
      links: links.length,
    };
  }
}

function* copyChunks(userId: number, links: readonly CompanyLink[]): Generator<string> {
  // A company's display name is its most used spelling; its key is the key of that spelling. Each
  // company's COPY columns are escaped once: 600,000 links name a few thousand companies. Ids are
  // the database's decimal ids and types fixed words: nothing in them to escape.
  const tails = new Map<string, string>();
  let chunk = '';
  let rows = 0;
  for (const link of links) {
    let tail = tails.get(link.company);
    if (tail === undefined) {
      tail = `\t${copyValue(link.company)}\t${copyValue(companyKey(link.company))}\n`;
      tails.set(link.company, tail);
    }
    chunk += `${userId}\t${link.sourceId}\t${link.targetId}\t${link.type}\t${link.strength}${tail}`;
    if (++rows % COPY_CHUNK_ROWS === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
