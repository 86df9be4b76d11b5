import { z } from 'zod';

/** Function categories of docs/product.md#function-categories. */
export const FUNCTION_CATEGORIES = [
  'executive',
  'director',
  'manager',
  'sales',
  'marketing',
  'engineering',
  'product',
  'hr',
  'operations',
  'finance',
  'legal',
  'consulting',
  'research',
  'support',
  'other',
] as const;
export const functionCategorySchema = z.enum(FUNCTION_CATEGORIES);
export type FunctionCategory = z.infer<typeof functionCategorySchema>;

export const positionInfoSchema = z.object({
  category: functionCategorySchema,
  /** 1..10, docs/product.md#seniority. */
  seniority: z.number().int().min(1).max(10),
});
export type PositionInfo = z.infer<typeof positionInfoSchema>;

/**
 * What the owner's LinkedIn exports said about a person over time (docs/import.md). Sent only for people
 * with something to say: a job change seen in a re-import, or missing from the latest export.
 */
export const exportHistorySchema = z.object({
  /** ISO time of the import that first missed this person ("not in your latest export"); null while present. */
  absentSince: z.string().nullable(),
  /** Where they were before their last job change seen in an export. */
  previousCompany: z.string().nullable(),
  previousPosition: z.string().nullable(),
  /** ISO time of the import that saw the job change. */
  jobChangedAt: z.string().nullable(),
});
export type ExportHistory = z.infer<typeof exportHistorySchema>;

/**
 * A person in a graph. Ids are strings: a stored connection's id is its database id in decimal;
 * a user node (you, or a teammate in a workspace graph) is `u<userId>`.
 */
export const connectionSchema = z.object({
  id: z.string(),
  /** The user who imported this connection (for a user node: that user). */
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  notes: z.string().nullable(),
  industry: z.string().nullable(),
  location: z.string().nullable(),
  /** 0 for your own node, 1 your connections, 2 teammates' connections, 3 reachable only through companies. */
  connectionDegree: z.number().int().min(0).max(3),
  yearsConnected: z.number().nullable(),
  /** ISO date (yyyy-mm-dd) of LinkedIn's "Connected On", when known. */
  connectedOn: z.string().nullable(),
  createdAt: z.string(),
  isUser: z.boolean(),
  /** A teammate's own node in a workspace graph. */
  isTeammate: z.boolean().default(false),
  /**
   * A workspace source's node (an export uploaded for someone, docs/workspace-sources.md):
   * teammate-like, not a user.
   */
  isSource: z.boolean().optional(),
  hasWorkedWith: z.boolean(),
  type: z.literal('connection'),
  positionInfo: positionInfoSchema,
  /** User ids of the workspace members (or just you) who know this person directly. */
  knownBy: z.array(z.number().int()),
  exportHistory: exportHistorySchema.optional(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const RELATIONSHIP_TYPES = [
  'company-role',
  'company-group',
  'company-general',
  'connection',
  'teammate',
] as const;
export const relationshipTypeSchema = z.enum(RELATIONSHIP_TYPES);
export type RelationshipType = z.infer<typeof relationshipTypeSchema>;

/** A link of the graph. Company links carry the generated strength (150/130/80/50). */
export const relationshipSchema = z.object({
  id: z.string(),
  sourceId: z.string(),
  targetId: z.string(),
  strength: z.number(),
  createdAt: z.string(),
  type: relationshipTypeSchema,
  company: z.string().nullable(),
  userId: z.number().int(),
});
export type Relationship = z.infer<typeof relationshipSchema>;

export const companySummarySchema = z.object({
  name: z.string(),
  /** Normalised company key used for matching (see libs/domain companyKey). */
  key: z.string(),
  count: z.number().int(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const networkDataSchema = z.object({
  connections: z.array(connectionSchema).default([]),
  relationships: z.array(relationshipSchema).default([]),
  companies: z.array(companySummarySchema).default([]),
});
export type NetworkData = z.infer<typeof networkDataSchema>;
