import { describe, expect, it } from '@jest/globals';
import {
  NOTES_TOO_LONG,
  normaliseNotes,
  STORED_CONNECTION_ID,
  updateNotesRequestSchema,
} from './network-notes.contract.js';

describe('notes contract', () => {
  it('keeps notes as plain text: CRLF to LF, control characters removed, ends trimmed', () => {
    expect(normaliseNotes('  Hi\r\nthere\rfriend\u0000\u0007\t ')).toBe('Hi\nthere\nfriend');
    expect(normaliseNotes('<b>literal</b>')).toBe('<b>literal</b>');
  });

  it('turns empty or blank notes into null, which clears them', () => {
    expect(normaliseNotes('')).toBeNull();
    expect(normaliseNotes(' \n\t')).toBeNull();
    expect(normaliseNotes(null)).toBeNull();
  });

  it('caps notes at 5,000 characters, counted as people count them', () => {
    expect(updateNotesRequestSchema.safeParse({ notes: 'é'.repeat(5000) }).success).toBe(true);
    expect(updateNotesRequestSchema.safeParse({ notes: '😀'.repeat(5000) }).success).toBe(true);
    const tooLong = updateNotesRequestSchema.safeParse({ notes: 'a'.repeat(5001) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(NOTES_TOO_LONG);
    // Whitespace trimmed away does not count.
    expect(updateNotesRequestSchema.safeParse({ notes: `${'a'.repeat(5000)}   ` }).success).toBe(true);
  });

  it('refuses a missing or non-text note', () => {
    for (const body of [{}, { notes: 1 }, { notes: {} }]) {
      expect(updateNotesRequestSchema.safeParse(body).error?.issues[0]?.message).toBe(
        'Notes must be text or null',
      );
    }
  });

  it('accepts stored ids only: decimal, no leading zero, at most 18 digits', () => {
    expect(STORED_CONNECTION_ID.test('1')).toBe(true);
    expect(STORED_CONNECTION_ID.test('123456789012345678')).toBe(true);
    for (const id of ['0', '01', 'u1', '1.5', '1234567890123456789', ''])
      expect(STORED_CONNECTION_ID.test(id)).toBe(false);
  });
});
