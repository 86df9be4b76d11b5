import { describe, expect, it } from '@jest/globals';
import { encodeStagedRows, type StagedRow } from '@warmpath/contracts';
import { stagedRowSpans, toConnectionRows } from './direct-copy-rows.js';
import { copyRowEnds } from './staging.repository.js';

const row = (line: number, key: string, position: string | null): StagedRow => [
  line,
  key,
  `name:${line}`,
  'José',
  'Müller',
  null,
  null,
  'Acme',
  'acme',
  position,
  '2024-11-24',
  null,
  null,
  'engineering',
  4,
];
const batch = (rows: StagedRow[]): Buffer => Buffer.from(encodeStagedRows(rows));
const spans = (text: Buffer, rows: number) => stagedRowSpans(text, copyRowEnds(text, rows, 'import'));

describe('toConnectionRows', () => {
  it("writes each row as connections' COPY columns: owner, match key, then everything after the name key", () => {
    const text = batch([row(5, 'url:a', 'CTO\tand founder'), row(6, 'name:b|acme', null)]);
    const out = toConnectionRows(text, spans(text, 2), 42).toString('utf8').split('\n');
    expect(out).toEqual([
      '42\turl:a\tJosé\tMüller\t\\N\t\\N\tAcme\tacme\tCTO\\tand founder\t2024-11-24\t\\N\t\\N\tengineering\t4',
      '42\tname:b|acme\tJosé\tMüller\t\\N\t\\N\tAcme\tacme\t\\N\t2024-11-24\t\\N\t\\N\tengineering\t4',
      '',
    ]);
  });

  it('refuses a row with too few columns', () => {
    const text = Buffer.from('5\turl:a\n');
    expect(() => spans(text, 1)).toThrow('A staged row has too few columns');
  });
});
