import { describe, expect, it } from '@jest/globals';
import { columnMappingSchema } from './target-columns.schema.js';
import {
  createTargetListFromTextSchema,
  TARGET_LIST_LIMITS,
  updateTargetListSchema,
} from './target-list.schema.js';
import { targetSchema } from './target-row.schema.js';

describe('target list contracts', () => {
  it('refuses an update that changes nothing, and takes a rename or a mapping', () => {
    const empty = updateTargetListSchema.safeParse({});
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Nothing to change: give a name or a mapping.');
    expect(updateTargetListSchema.safeParse({ name: 'Q3 accounts' }).success).toBe(true);
    const mapping = { headerRow: 0, columns: { company: 2 }, unsure: false };
    expect(updateTargetListSchema.safeParse({ mapping }).success).toBe(true);
  });

  it('refuses a blank or overlong name and pasted text over the limit', () => {
    expect(createTargetListFromTextSchema.safeParse({ name: '  ', text: 'Acme' }).success).toBe(false);
    expect(createTargetListFromTextSchema.safeParse({ name: 'x'.repeat(121), text: 'Acme' }).success).toBe(
      false,
    );
    const long = 'a'.repeat(TARGET_LIST_LIMITS.pasteChars + 1);
    expect(createTargetListFromTextSchema.safeParse({ name: 'List', text: long }).success).toBe(false);
  });

  it('takes only known fields in a mapping', () => {
    expect(
      columnMappingSchema.safeParse({ headerRow: 0, columns: { revenue: 1 }, unsure: false }).success,
    ).toBe(false);
    expect(
      columnMappingSchema.parse({ headerRow: -1, columns: { company: 0 }, unsure: true }).doubts,
    ).toEqual([]);
  });

  it('tells company and person targets apart', () => {
    const person = {
      kind: 'person',
      line: 2,
      profileUrl: 'https://www.linkedin.com/in/ana',
      firstName: null,
      lastName: null,
      company: null,
    };
    expect(targetSchema.parse(person).kind).toBe('person');
    expect(targetSchema.safeParse({ ...person, kind: 'account' }).success).toBe(false);
  });
});
