import { z } from 'zod';
import { functionCategorySchema } from '../network/network.schema.js';
import { strengthBandSchema } from '../network/archive-signals.schema.js';
import { targetSchema } from './target-row.schema.js';

/**
 * How a target met the network (docs/targets.md#matching), strongest first:
 * `profile-url` (a person's canonical LinkedIn URL), `exact` (company name spelled as in the
 * network, case aside), `folded` (equal after targetCompanyKey), `domain` (work e-mail domain or
 * company page), `name-company` (a person's first + last name at the folded company),
 * `manual` (a correction), `none`.
 */
export const MATCH_KINDS = [
  'profile-url',
  'exact',
  'folded',
  'domain',
  'name-company',
  'manual',
  'none',
] as const;
export const matchKindSchema = z.enum(MATCH_KINDS);
export type MatchKind = z.infer<typeof matchKindSchema>;

/**
 * A user's fix of one target's match, kept with the list: `companyKey` is a folded key of the
 * network (from the suggestions), null to say "nobody of ours is there".
 */
export const targetCorrectionSchema = z.object({
  line: z.number().int().positive(),
  companyKey: z.string().min(1).max(300).nullable(),
});
export type TargetCorrection = z.infer<typeof targetCorrectionSchema>;

/**
 * `PUT .../{listId}/corrections` (docs/targets.md#routes): sets the corrections of these lines;
 * the list's other corrections stay as they are (merged by line, not replaced).
 */
export const replaceCorrectionsRequestSchema = z.object({
  corrections: z
    .array(targetCorrectionSchema)
    .min(1, 'Give at least one correction.')
    .max(5000, 'At most 5,000 corrections at once.'),
});
export type ReplaceCorrectionsRequest = z.infer<typeof replaceCorrectionsRequestSchema>;

/** One person known at a target, as the asker may see them (never a counts-only member's). */
export const targetPersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string().nullable(),
  company: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  seniority: z.number().int().min(1).max(10),
  category: functionCategorySchema,
  /** Warmest tie of any member to this person, (0, 1] (docs/warmth.md). */
  warmth: z.number().min(0).max(1),
  /** The member with that tie. */
  knownBy: z.number().int(),
  /** Members who know this person, warmest first (knownBy is the first). */
  knowers: z.array(z.number().int()),
});
export type TargetPerson = z.infer<typeof targetPersonSchema>;

/** A member who knows people at a target, and how well at best. */
export const targetConnectorSchema = z.object({
  userId: z.number().int(),
  peopleCount: z.number().int().min(0),
  bestWarmth: z.number().min(0).max(1),
  /** The person of that best tie. */
  personId: z.string(),
});
export type TargetConnector = z.infer<typeof targetConnectorSchema>;

/** Suggested network companies for the "correct a match" picker (docs/targets.md#suggestions). */
export const companySuggestionSchema = z.object({
  key: z.string(),
  name: z.string(),
  similarity: z.number().min(0).max(1),
});
export type CompanySuggestion = z.infer<typeof companySuggestionSchema>;

/**
 * Whom the people found are: the target person themself, people at the target company (or at a
 * target person's company, when the person is not known), or nobody.
 */
export const TARGET_REACHES = ['person', 'company', 'none'] as const;
export const targetReachSchema = z.enum(TARGET_REACHES);
export type TargetReach = z.infer<typeof targetReachSchema>;

/**
 * One target's answer: covered when anyone can be reached there. `people` is the most senior
 * first (then warmest), capped by the route; `peopleCount` counts all people shown, and
 * `hiddenPeopleCount` those known only by counts-only members, included only from groups of 3
 * (countCompaniesHidingSmallGroups). `warmthBand` bands the best connector's warmth.
 */
export const targetResultRowSchema = z.object({
  target: targetSchema,
  match: matchKindSchema,
  reached: targetReachSchema,
  /** The network company the target was matched to, when matched by company. */
  companyKey: z.string().nullable(),
  covered: z.boolean(),
  peopleCount: z.number().int().min(0),
  hiddenPeopleCount: z.number().int().min(0),
  people: z.array(targetPersonSchema),
  bestConnector: targetConnectorSchema.nullable(),
  warmthBand: strengthBandSchema.nullable(),
  otherConnectors: z.array(targetConnectorSchema),
  /** For an unmatched company target: the nearest network companies. */
  suggestions: z.array(companySuggestionSchema).default([]),
  /**
   * A new way in since the reader last opened the list (docs/targets.md#new-ways-in): covered now
   * and not then, or a connector who was not one then. Absent on a first opening.
   */
  isNew: z.boolean().optional(),
});
export type TargetResultRow = z.infer<typeof targetResultRowSchema>;

export const INVALID_TARGET_LINE = 'A line is a whole number from 1, as the results show it.';

/**
 * The `{line}` of `DELETE .../{listId}/corrections/{line}` (docs/targets.md#routes): a target's
 * line in its file, written in digits; anything else is a 400 before any lookup.
 */
export const targetLinePathSchema = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, INVALID_TARGET_LINE)
  .transform(Number);

/** Removing a correction of a line the list does not hold (404). */
export const noTargetOnLine = (line: number): string => `This list has no target on line ${line}.`;
/** Removing a correction from a line that has none (404): nothing changes. */
export const noCorrectionOnLine = (line: number): string => `Line ${line} has no correction to remove.`;
