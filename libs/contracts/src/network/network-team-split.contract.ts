import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';

/**
 * GET /api/teams/{id}/network/base and /patch (docs/workspace-network.md "One snapshot per
 * workspace version: base + viewer patch"): the base is the same bytes for every reader of a
 * workspace version, the patch is the caller's; the browser assembles its pooled network from
 * both and its own GET /api/network (libs/domain applyViewerPatch). Both are built once per
 * workspace version, for every member, and stored in Redis; the gateway streams the bytes.
 */

/**
 * The split's shape; bump it when the base's or the patch's bytes change shape (the keys and
 * ETags carry it, so bytes of another format are never served).
 */
export const TEAM_SPLIT_FORMAT = '2';

/** Redis hash (before REDIS_PREFIX) of a workspace version's base: `compact-br`, `compact-gzip`, `meta`. */
export const teamNetworkBaseKey = (teamId: number, fingerprint: string) =>
  `network:team-base:v${TEAM_SPLIT_FORMAT}:${teamId}:${fingerprint}`;

/** Redis hash (before REDIS_PREFIX) of a workspace version's patches: `<userId>:br`, `<userId>:gzip` per member. */
export const teamNetworkPatchesKey = (teamId: number, fingerprint: string) =>
  `network:team-patches:v${TEAM_SPLIT_FORMAT}:${teamId}:${fingerprint}`;

/** The field of one member's patch in the patches hash, in one encoding. */
export const teamPatchField = (userId: number, encoding: 'br' | 'gzip') => `${userId}:${encoding}`;

/** Strong ETag of a workspace version's base: the same for every reader, quotes included. */
export const teamBaseEtag = (fingerprint: string) => `"b${TEAM_SPLIT_FORMAT}-${fingerprint}"`;

/** Strong ETag of one viewer's patch of a workspace version, quotes included. */
export const teamPatchEtag = (fingerprint: string, viewerId: number) =>
  `"p${TEAM_SPLIT_FORMAT}-${fingerprint}-${viewerId}"`;

export const teamSplitRequestSchema = z.object({
  userId: z.number().int(),
  teamId: z.number().int().positive(),
  /** Set by a reader that did not find the bytes it was told of: look in Redis, not in memory. */
  recheck: z.boolean().optional(),
  /**
   * The stored encoding the reader will read (gzip is made on its first ask; docs/workspace-network.md
   * "Wiring: one build across replicas"). Absent: either, as an older gateway reads.
   */
  encoding: z.enum(['br', 'gzip']).optional(),
});

/** Where the bytes of a base or a patch are: one Redis hash, one field per encoding. */
export const teamSplitRefSchema = z.object({
  key: z.string(),
  fields: z.object({ br: z.string(), gzip: z.string() }),
  /** The strong ETag (quoted) to answer with: teamBaseEtag or teamPatchEtag. */
  etag: z.string(),
  /** The workspace fingerprint of the version (x-network-version). */
  version: z.string(),
});
export type TeamSplitRef = z.infer<typeof teamSplitRefSchema>;

/**
 * The JSON body of GET /api/teams/{id}/network/patch: the ETag of the base the patch was made
 * for (exactly the base's `ETag` header, quotes included), the version of the viewer's own
 * network whose records it indexes (exactly the `X-Network-Version` of their GET /api/network for
 * those records; docs/workspace-network.md "Pairing the versions"), and the patch (libs/domain
 * ViewerPatch, checked in full by checkViewerPatch when applied; only its header is checked here).
 * Format 2 added `own`.
 */
export const viewerPatchBodySchema = z.object({
  base: z.string(),
  own: z.string().min(1),
  patch: z.looseObject({
    format: z.literal('warmpath.viewer-patch'),
    version: z.number().int(),
    viewerId: z.number().int(),
  }),
});
export type ViewerPatchBody = z.infer<typeof viewerPatchBodySchema>;

export const networkTeamSplitContracts = {
  /** Ensures the workspace version's base and patches are stored; answers where the base is. NOT_FOUND for a non-member. */
  getBase: defineRequest('network.team-graph.base', teamSplitRequestSchema, teamSplitRefSchema),
  /** The same, answering where the caller's patch is. NOT_FOUND for a non-member. */
  getPatch: defineRequest('network.team-graph.patch', teamSplitRequestSchema, teamSplitRefSchema),
};
