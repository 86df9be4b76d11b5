import { describe, expect, it } from '@jest/globals';
import { encodeStagedRows, type StagedRow } from '@warmpath/contracts';
import { withImportColumns } from './staging.repository.js';

const ID = '9ee99033-9f71-4cd5-b33d-4e607981eee8';
const row = (line: number, position: string | null): StagedRow => [
  line,
  `url:${line}`,
  `name:${line}`,
  'Ana',
  'Silva',
  null,
  null,
  null,
  null,
  position,
  null,
  null,
  null,
  'other',
  3,
];

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const rowsOf = (importId: string, attempt: number, rowCount: number, text: string): string =>
  withImportColumns(importId, attempt, rowCount, bytes(text)).toString('utf8');

describe('withImportColumns', () => {
  it('puts the import id and attempt in front of every row', () => {
    const text = rowsOf(ID, 2, 2, encodeStagedRows([row(5, 'CTO'), row(6, null)]));
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      `${ID}\t2\t5\turl:5\tname:5\tAna\tSilva\t\\N\t\\N\t\\N\t\\N\tCTO\t\\N\t\\N\t\\N\tother\t3`,
    );
    expect(lines[1]?.startsWith(`${ID}\t2\t6\t`)).toBe(true);
    expect(lines[2]).toBe('');
  });

  it('keeps line breaks inside values escaped, so a value cannot start a row', () => {
    const text = rowsOf(ID, 1, 1, encodeStagedRows([row(5, 'Engineer\nand writer')]));
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toContain('Engineer\\nand writer');
  });

  it('refuses a batch that does not hold the announced number of rows', () => {
    const text = encodeStagedRows([row(5, null), row(6, null)]);
    expect(() => rowsOf(ID, 1, 3, text)).toThrow('does not hold 3 rows');
    expect(() => rowsOf(ID, 1, 2, text.slice(0, -1))).toThrow();
  });

  it('copies multi-byte characters as they are', () => {
    const text = rowsOf(ID, 1, 1, encodeStagedRows([row(5, 'Diretora de Inovação 👩‍💻')]));
    expect(text).toContain('\tDiretora de Inovação 👩‍💻\t');
    expect(text.startsWith(`${ID}\t1\t5\t`)).toBe(true);
  });
});
