import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';
import { sharingLevelSchema } from '../teams/teams.schema.js';
import { networkSnapshotRefSchema, snapshotRepresentationSchema } from './network-graph.contract.js';
import { networkDataSchema } from './network.schema.js';

/**
 * GET /api/teams/{id}/network: the pooled network of a workspace as the caller sees it (degrees,
 * notes and their own people are the caller's), served like GET /api/network from a compressed
 * snapshot the network service writes to Redis. The reply is where that snapshot is.
 */
export const getTeamGraphRequestSchema = z.object({
  userId: z.number().int(),
  teamId: z.number().int().positive(),
  /** Set by a reader that did not find the bytes it was told of: look in Redis, not in memory. */
  recheck: z.boolean().optional(),
  /**
   * The representation the reader will answer: 'json' means the JSON fields exist in Redis before
   * the reply (built on this first ask). Absent or 'compact': the compact form only, as the
   * event-driven rebuilds ask (the web app reads only that one).
   */
  representation: snapshotRepresentationSchema.optional(),
});

/** How far a member reaches: distinct people and companies they know, shown or counted only. */
export const memberReachSchema = z.object({
  userId: z.number().int(),
  sharing: sharingLevelSchema,
  people: z.number().int(),
  companies: z.number().int(),
});
export type MemberReach = z.infer<typeof memberReachSchema>;

/** The pooled network's JSON: the own network's shape plus the workspace's members and their reach. */
export const teamNetworkDataSchema = networkDataSchema.extend({
  workspace: z.object({
    teamId: z.number().int(),
    members: z.array(memberReachSchema),
    /**
     * People known only by members on `counts` whose company too few of them share to be named
     * (MIN_COUNTS_ONLY_COMPANY_GROUP in libs/domain): in no entry of `companies`, counted here.
     * The network service always sends it; optional so that readers built before it still parse.
     */
    otherCompanyPeople: z.number().int().min(0).optional(),
  }),
});
export type TeamNetworkData = z.infer<typeof teamNetworkDataSchema>;

/**
 * The snapshot JSON's shape of pooled networks; bump it when the shape changes (the snapshot key
 * carries it, so snapshots of another format are never served). 2: the compact representation too.
 * 3: the JSON built on its first ask (`bytes` null until then), its ETag derived from the key.
 * 4: companies named from counts-only knowledge only past the minimum group, `otherCompanyPeople`.
 */
export const TEAM_SNAPSHOT_FORMAT = '4';

/** Prefix of every pooled snapshot key of a workspace (so a deleted one's can be found). */
export const teamSnapshotKeyPrefix = (teamId: number) => `network:team-snapshot:${teamId}:`;

/** Redis key (before REDIS_PREFIX) of one viewer's pooled snapshot of a workspace. */
export const teamSnapshotKey = (teamId: number, userId: number, fingerprint: string) =>
  `${teamSnapshotKeyPrefix(teamId)}${userId}:${fingerprint}`;

export const networkTeamGraphContracts = {
  /**
   * Ensures the snapshot of the workspace's current pooled network for this member and answers
   * where it is. NOT_FOUND (Workspace not found) for a non-member, as for an unknown workspace.
   */
  getTeamGraph: defineRequest('network.team-graph.get', getTeamGraphRequestSchema, networkSnapshotRefSchema),
};
