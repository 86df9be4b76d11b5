import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';
import { strengthBandSchema } from './archive-signals.schema.js';
import { connectionSchema, relationshipSchema } from './network.schema.js';

/** A node id of a graph: a stored connection (`123`) or a user node (`u7`). */
export const GRAPH_NODE_ID = /^u?[1-9]\d{0,17}$/;

/** GET /api/network/paths?to={connectionId}[&workspaceId={id}] */
export const findPathQuerySchema = z.object({
  to: z.string({ error: 'to is required' }).regex(GRAPH_NODE_ID, 'to must be a connection id'),
  /** Search the pooled graph of this workspace (you, teammates, everyone they know) instead of yours. */
  workspaceId: z.coerce.number({ error: 'workspaceId must be a number' }).int().positive().optional(),
});
export type FindPathQuery = z.infer<typeof findPathQuerySchema>;

export const WARM_HOP_KINDS = ['knows', 'teammate', 'company'] as const;

/** One hop, read in the direction of travel, with the facts behind its warmth. */
export const warmPathHopSchema = z.object({
  fromId: z.string(),
  toId: z.string(),
  /** Warmth of this hop, in (0, 1]. */
  warmth: z.number(),
  /** One sentence for people: "You know Ana Silva (6 years)". */
  explanation: z.string(),
  /** Why the two are linked: one knows the other, teammates, or a company link. */
  kind: z.enum(WARM_HOP_KINDS),
  /** The link of `links` this hop travels. */
  linkId: z.string(),
  /** Facts for other consumers (e.g. the warm-intro writer), never free text. */
  yearsConnected: z.number().nullable(),
  workedTogether: z.boolean(),
  sharedCompany: z.string().nullable(),
  sameFunction: z.boolean(),
  /**
   * A "knows" hop's relationship in sentences, strongest first, each with the archive file it comes
   * from (docs/warmth.md): "You exchanged 48 messages with Ana, the last 12 days ago". Empty when
   * nothing is known beyond the connection, or the knower's sharing level shows only the band.
   */
  relationship: z.array(z.object({ text: z.string(), source: z.string().nullable() })).optional(),
  /** The hop's tie strength band, when the knower's network has one and shares it. */
  band: strengthBandSchema.nullable().optional(),
  /**
   * A "knows" hop into a person: what introduction requests taught the workspace about members'
   * ties to that person, newest first, this hop's own tie included (docs/warmth.md#feedback-from-introductions).
   * Only ties the workspace may see: a connector sharing `counts` is never here.
   */
  feedback: z
    .array(
      z.object({
        kind: z.enum(['not_close_enough', 'introduced']),
        at: z.string(),
        /** The member whose tie it is. */
        connectorUserId: z.number().int(),
        /** Whether it is about the tie this hop travels (else another member's, to the same person). */
        thisTie: z.boolean(),
        text: z.string(),
      }),
    )
    .optional(),
});
export type WarmPathHopView = z.infer<typeof warmPathHopSchema>;

export const warmPathSchema = z.object({
  /** False when the target cannot be reached; nodes, links and hops are then empty. */
  found: z.boolean(),
  fromId: z.string(),
  toId: z.string(),
  /** Product of the hops' warmths, in (0, 1]; 0 when not found. */
  warmth: z.number(),
  /** The path's people in order, you first, as graph nodes (same shape as GET /api/network). */
  nodes: z.array(connectionSchema),
  /** The links travelled, in order, as graph links (same ids as GET /api/network). */
  links: z.array(relationshipSchema),
  hops: z.array(warmPathHopSchema),
  /** The network version it was computed on. */
  version: z.string(),
});
export type WarmPathView = z.infer<typeof warmPathSchema>;

/**
 * Budget of a path or stats request: the first one after an import may load a 30,000-person
 * network from Postgres and build its warmth graph, seconds on a busy machine.
 */
export const NETWORK_READ_TIMEOUT_MS = 15_000;

export const networkPathContracts = {
  /** NOT_FOUND when the target is not in the caller's graph (or the workspace is not theirs). */
  findPath: defineRequest(
    'network.path.find',
    findPathQuerySchema.extend({ userId: z.number().int() }),
    warmPathSchema,
  ),
};
