import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';
import { connectionSchema } from './network.schema.js';

/** Longest note kept, in characters (code points): a few paragraphs, never a document. */
export const NOTES_MAX_LENGTH = 5000;
export const NOTES_TOO_LONG = 'Notes must be at most 5,000 characters';

/** A stored connection's id: its bigint id in decimal (user nodes `u<id>` have no notes). */
export const STORED_CONNECTION_ID = /^[1-9]\d{0,17}$/;
export const storedConnectionIdSchema = z.string().regex(STORED_CONNECTION_ID, 'Connection not found');

// C0 controls other than tab and line feed, DEL and C1 controls: invisible, and NUL cannot be stored
// in a Postgres text column at all.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * Notes are plain text: line endings become \n, control characters go, the ends are trimmed, and an
 * empty note clears it (null). Nothing is interpreted as markup; clients render it as text.
 */
export function normaliseNotes(notes: string | null): string | null {
  if (notes === null) return null;
  const text = notes.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, '').trim();
  return text === '' ? null : text;
}

const notesField = z
  .string({ error: 'Notes must be text or null' })
  .nullable()
  .transform(normaliseNotes)
  .refine((notes) => notes === null || Array.from(notes).length <= NOTES_MAX_LENGTH, NOTES_TOO_LONG);

/** PATCH /api/network/connections/{id} */
export const updateNotesRequestSchema = z.object({ notes: notesField });
export type UpdateNotesRequest = z.infer<typeof updateNotesRequestSchema>;

export const networkNotesContracts = {
  /** Owner only: anyone else's (or an unknown) connection is NOT_FOUND. Answers the updated node. */
  updateNotes: defineRequest(
    'network.notes.update',
    z.object({
      userId: z.number().int(),
      connectionId: storedConnectionIdSchema,
      notes: notesField,
    }),
    connectionSchema,
  ),
};
