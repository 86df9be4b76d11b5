import { Injectable } from '@nestjs/common';
import { notFound } from '@warmpath/server-kit';
import { generateCompanyLinks, type CompanyLinkPerson } from '@warmpath/domain';
import type pg from 'pg';
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
  /** The owner's company links after this import: what GET /api/network derives. */
  relationships: number;
  version: string;
  /** False when this import's links were already counted (a retry): nothing was written. */
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

type KeyedPerson = CompanyLinkPerson & { company_key: string };

/**
 * The link step of an import. Company links (docs/product.md#company-links) are not stored: the
 * network reader derives them from the people on every load. What is kept is each company's number
 * of links, so an import can say "Imported {n} connections and {m} relationships" without
 * generating the links of the whole network: the counts of the companies the import touched are
 * recomputed from the stored people, in one transaction; the other companies keep theirs.
 */
@Injectable()
export class CompanyLinksRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** `pastCompanyKeys`: see the link contract (null: the past-colleague marks stay as they are). */
  relink(importId: string, userId: number, pastCompanyKeys: string[] | null = null): Promise<LinkResult> {
    return withClient(this.dataSource, (client) =>
      inTransaction(client, async () => {
        await lockOwnerNetwork(client, userId);
        const commit = await this.findCommit(client, importId, userId);
        let version: string;
        let timings: Record<string, number> = {};
        const marked =
          !commit.linked && pastCompanyKeys ? await markPastColleagues(client, userId, pastCompanyKeys) : 0;
        if (!commit.linked && (commit.touched.length > 0 || marked > 0)) {
          if (commit.touched.length > 0) timings = await recountCompanyLinks(client, userId, commit.touched);
          version = await bumpNetworkVersion(client, userId);
        } else {
          version = await readNetworkVersion(client, userId);
        }
        const total = await client.query<{ links: number }>(
          `SELECT COALESCE(sum("links"), 0)::int AS "links" FROM "network"."company_link_counts"
           WHERE "owner_user_id" = $1`,
          [userId],
        );
        const relationships = total.rows[0]?.links ?? 0;
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
}

/**
 * Links per stored company key, for the companies that have any: generateCompanyLinks of each
 * key's people, as the network reader will generate them (a person is in one company only, so
 * no link spans two keys).
 */
export function countLinksByCompanyKey(people: readonly KeyedPerson[]): Map<string, number> {
  const byKey = new Map<string, KeyedPerson[]>();
  for (const person of people) {
    const group = byKey.get(person.company_key);
    if (group) group.push(person);
    else byKey.set(person.company_key, [person]);
  }
  const counts = new Map<string, number>();
  for (const [key, group] of byKey) {
    if (group.length < 2) continue;
    const links = generateCompanyLinks(group).length;
    if (links > 0) counts.set(key, links);
  }
  return counts;
}

/**
 * docs/import.md#the-linkedin-archive: a person working now at a company where the member worked
 * (the archive's Positions.csv) is a past colleague, during or after the member's time there. Only
 * the flag is stored; rows whose flag does not change are not written. Answers how many changed.
 */
async function markPastColleagues(client: pg.PoolClient, userId: number, keys: string[]): Promise<number> {
  const result = await client.query(
    `UPDATE "network"."connections" SET "has_worked_with" = COALESCE("company_key" = ANY($2::varchar[]), false)
     WHERE "owner_user_id" = $1 AND "has_worked_with" IS DISTINCT FROM COALESCE("company_key" = ANY($2::varchar[]), false)`,
    [userId, keys],
  );
  return result.rowCount ?? 0;
}

/**
 * Recounts the company links of `touched` company keys from the stored people (an import, or a
 * removal of absent people, changed who works there); companies left without a link lose their row.
 */
export async function recountCompanyLinks(
  client: pg.PoolClient,
  userId: number,
  touched: string[],
): Promise<Record<string, number>> {
  const started = Date.now();
  const people = await client.query<KeyedPerson>(
    `SELECT "id"::text AS "id", "company", "company_key", "position" FROM "network"."connections"
     WHERE "owner_user_id" = $1 AND "company_key" = ANY($2)`,
    [userId, touched],
  );
  const loaded = Date.now();
  const counts = countLinksByCompanyKey(people.rows);
  const generated = Date.now();
  const keys = [...counts.keys()];
  await client.query(
    `DELETE FROM "network"."company_link_counts"
     WHERE "owner_user_id" = $1 AND "company_key" = ANY($2) AND NOT ("company_key" = ANY($3))`,
    [userId, touched, keys],
  );
  if (keys.length > 0) {
    await client.query(
      `INSERT INTO "network"."company_link_counts" ("owner_user_id", "company_key", "links")
       SELECT $1, * FROM unnest($2::varchar[], $3::int[])
       ON CONFLICT ("owner_user_id", "company_key") DO UPDATE SET "links" = EXCLUDED."links"`,
      [userId, keys, [...counts.values()]],
    );
  }
  let links = 0;
  for (const count of counts.values()) links += count;
  return {
    loadMs: loaded - started,
    generateMs: generated - loaded,
    writeMs: Date.now() - generated,
    links,
  };
}
