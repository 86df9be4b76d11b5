import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';
import { GRAPH_NODE_ID } from '../network/network-path.contract.js';

/** Longest text accepted for one field: names, titles and companies come from CSV files. */
export const INTRO_FIELD_MAX_CHARS = 200;
/** Longest introduction ever answered, whoever wrote it (model answers are cut to fit). */
export const INTRO_MAX_CHARS = 1200;
/** Default budget of one model call, retries included (AI_TIMEOUT_MS). */
export const AI_DEFAULT_TIMEOUT_MS = 20_000;
/** What the gateway waits on top of the AI budget, so a model hang ends as the ai service's own error. */
export const AI_BUS_MARGIN_MS = 2_000;

/** The NATS timeout a caller of `ai.intro.generate` should use for a given AI budget. */
export const aiBusTimeoutMs = (aiTimeoutMs: number) => aiTimeoutMs + AI_BUS_MARGIN_MS;

/**
 * The request's fields are strings that may be empty or null (docs/product.md#entities); absent
 * counts as empty too.
 */
const field = z.string().max(INTRO_FIELD_MAX_CHARS).nullish();

/** A person as the intro needs them: never e-mails, notes or profile links. */
export const introPersonSchema = z.object({
  name: field,
  position: field,
  company: field,
});
export type IntroPerson = z.infer<typeof introPersonSchema>;

export const introTargetSchema = introPersonSchema.extend({
  /** How the user relates to the target (e.g. '1st', '2nd', '3rd+'), as the client shows it. */
  connectionType: field,
});
export type IntroTarget = z.infer<typeof introTargetSchema>;

/** POST /api/network/generate-warm-intro (the warm-intro request of docs/product.md#entities). */
export const warmIntroRequestSchema = z.object({
  target: introTargetSchema,
  /** The person before the target on the path; null or absent when the user writes to the target directly. */
  intermediary: introPersonSchema.nullish(),
  user: introPersonSchema,
  /** The target's connection id: lets the server fill `intermediary` from the warmest path. */
  targetId: z.string().regex(GRAPH_NODE_ID, 'targetId must be a connection id').optional(),
});
export type WarmIntroRequest = z.infer<typeof warmIntroRequestSchema>;

export const INTRO_PROVIDERS = ['openai', 'built-in'] as const;
export const introProviderSchema = z.enum(INTRO_PROVIDERS);
export type IntroProviderName = z.infer<typeof introProviderSchema>;

/** The answer of POST /api/network/generate-warm-intro: plain text, and who wrote it. */
export const warmIntroResponseSchema = z.object({
  intro: z.string().min(1).max(INTRO_MAX_CHARS),
  provider: introProviderSchema,
  /** The model that wrote it (openai provider only). */
  model: z.string().optional(),
});
export type WarmIntroResponse = z.infer<typeof warmIntroResponseSchema>;

/** Facts about one hop of the path, as the network service knows them. Structured, never free text. */
export const introHopSchema = z.object({
  /** Years since the two connected ("Connected On"). */
  yearsConnected: z.number().min(0).max(100).nullish(),
  /** A company both work at. */
  sharedCompany: field,
  /** The two have worked together (hasWorkedWith). */
  workedTogether: z.boolean().optional(),
  /** The two roles are in the same function category. */
  sameFunction: z.boolean().optional(),
});
export type IntroHop = z.infer<typeof introHopSchema>;

/** What is known about the path: you → intermediary → target, or you → target. */
export const introRelationshipSchema = z.object({
  userToIntermediary: introHopSchema.optional(),
  intermediaryToTarget: introHopSchema.optional(),
  /** Used when there is no intermediary. */
  userToTarget: introHopSchema.optional(),
});
export type IntroRelationship = z.infer<typeof introRelationshipSchema>;

/** `ai.intro.generate`: the validated request, who asks (for the per-user limits), and the path facts. */
export const generateIntroRequestSchema = z.object({
  userId: z.number().int(),
  request: warmIntroRequestSchema,
  relationship: introRelationshipSchema.optional(),
});
export type GenerateIntroRequest = z.infer<typeof generateIntroRequestSchema>;

export const aiContracts = {
  generateIntro: defineRequest('ai.intro.generate', generateIntroRequestSchema, warmIntroResponseSchema),
};
