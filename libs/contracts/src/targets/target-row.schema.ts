import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);
/** 1-based line of the sheet or pasted text the row came from. */
const line = z.number().int().positive();

/** An account to reach: a name, a domain, a company LinkedIn page, or several of them. */
export const companyTargetSchema = z.object({
  kind: z.literal('company'),
  line,
  name: text(300).nullable(),
  /** Normalised host ("acme.com"), from a domain or website column. */
  domain: text(253).nullable(),
  /** Canonical company page (https://www.linkedin.com/company/<slug>). */
  linkedinUrl: text(500).nullable(),
});
export type CompanyTarget = z.infer<typeof companyTargetSchema>;

/** A person to reach: a canonical profile URL, or a name at a company. */
export const personTargetSchema = z.object({
  kind: z.literal('person'),
  line,
  profileUrl: text(500).nullable(),
  firstName: text(200).nullable(),
  lastName: text(200).nullable(),
  company: text(300).nullable(),
});
export type PersonTarget = z.infer<typeof personTargetSchema>;

export const targetSchema = z.discriminatedUnion('kind', [companyTargetSchema, personTargetSchema]);
export type Target = z.infer<typeof targetSchema>;

export const TARGET_SKIP_REASONS = ['no-target', 'duplicate'] as const;
export const targetSkipReasonSchema = z.enum(TARGET_SKIP_REASONS);
export type TargetSkipReason = z.infer<typeof targetSkipReasonSchema>;

/**
 * A row that is no target: `no-target`, it names neither a company nor a person; `duplicate`, it
 * names the same target as `duplicateOf` (the line kept). Every non-blank row of a sheet is
 * either a target or skipped; blank rows are neither and are not reported.
 */
export const skippedTargetRowSchema = z.object({
  line,
  reason: targetSkipReasonSchema,
  message: z.string(),
  duplicateOf: line.optional(),
});
export type SkippedTargetRow = z.infer<typeof skippedTargetRowSchema>;
