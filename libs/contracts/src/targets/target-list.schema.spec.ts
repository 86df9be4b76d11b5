import { describe, expect, it } from '@jest/globals';
import { columnMappingSchema } from './target-columns.schema.js';
import {
  createTargetListFromTextSchema,
  TARGET_LIST_LIMITS,
  updateTargetListSchema,
} from './target-list.schema.js';
import {
  INVALID_TARGET_LINE,
  replaceCorrectionsRequestSchema,
  targetLinePathSchema,
} from './target-match.schema.js';
import { targetSchema } from './target-row.schema.js';

describe('target list contracts', () => {
  it('takes a rename only: a blank name, or a mapping, is refused', () => {
    const empty = updateTargetListSchema.safeParse({});
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Give the list a name.');
    expect(updateTargetListSchema.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe(
      'Give the list a name.',
    );
    expect(updateTargetListSchema.parse({ name: ' Q3 accounts ' })).toEqual({ name: 'Q3 accounts' });
    const mapping = { headerRow: 0, columns: { company: 2 }, unsure: false };
    expect(updateTargetListSchema.safeParse({ mapping }).success).toBe(false);
    expect(updateTargetListSchema.parse({ name: 'Q3', mapping })).toEqual({ name: 'Q3' });
  });

  it('takes one to 5,000 corrections', () => {
    const fix = { line: 2, companyKey: 'ACME' };
    expect(replaceCorrectionsRequestSchema.safeParse({ corrections: [] }).error?.issues[0]?.message).toBe(
      'Give at least one correction.',
    );
    expect(replaceCorrectionsRequestSchema.parse({ corrections: [fix] })).toEqual({ corrections: [fix] });
    expect(
      replaceCorrectionsRequestSchema.safeParse({ corrections: [{ line: 0, companyKey: null }] }).success,
    ).toBe(false);
  });

  it("reads a correction's line from a path: digits from 1, nothing else", () => {
    expect(targetLinePathSchema.parse('12')).toBe(12);
    const bad = ['0', '007', '-3', '1.5', '1e3', 'abc', '', ' 4', '4 ', '1234567890'];
    expect(bad.map((line) => targetLinePathSchema.safeParse(line).error?.issues[0]?.message)).toEqual(
      bad.map(() => INVALID_TARGET_LINE),
    );
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
