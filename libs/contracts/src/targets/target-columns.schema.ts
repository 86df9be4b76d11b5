import { z } from 'zod';

/**
 * The fields a target list's columns can hold (docs/targets.md#columns). A company row needs
 * `company`, `domain`, `website` or `companyLinkedinUrl`; a person row `profileUrl`, or a name
 * (`firstName` + `lastName`, or `fullName`) with `personCompany` (or `company`).
 */
export const TARGET_FIELDS = [
  'company',
  'domain',
  'website',
  'companyLinkedinUrl',
  'profileUrl',
  'firstName',
  'lastName',
  'fullName',
  'personCompany',
] as const;
export const targetFieldSchema = z.enum(TARGET_FIELDS);
export type TargetField = z.infer<typeof targetFieldSchema>;

const columnIndex = z.number().int().min(0).max(999);

/**
 * Which column (0-based cell index) holds each field, for one uploaded sheet. `headerRow` is the
 * header's 0-based index among the sheet's non-blank rows (blank rows above it do not count), -1
 * when the sheet has none and was read as one target a line; rows after it are data.
 * `unsure` asks the UI to show the mapping step: a column was guessed from a loose name, a
 * name was ambiguous, or nothing was recognised with confidence.
 */
export const columnMappingSchema = z.object({
  headerRow: z.number().int().min(-1),
  columns: z.partialRecord(targetFieldSchema, columnIndex),
  unsure: z.boolean(),
  /** Why the mapping is unsure, one sentence each, for the mapping step. */
  doubts: z.array(z.string()).default([]),
});
export type ColumnMapping = z.infer<typeof columnMappingSchema>;
