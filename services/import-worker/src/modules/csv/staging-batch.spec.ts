import { describe, expect, it } from '@jest/globals';
import { encodeStagedRows, type StagedRow } from '@warmpath/contracts';
import { CopyBytesBatch, StagedRowsBatch } from './staging-batch.js';

const row = (line: number, position: string | null = 'Engineer'): StagedRow => [
  line,
  `url:${line}`,
  `name:${line}`,
  'José',
  'Müller',
  null,
  null,
  'Société Générale',
  'societe generale',
  position,
  '2024-11-24',
  null,
  null,
  'engineering',
  4,
];
const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const bytesOf = (rows: StagedRow[]): number => new TextEncoder().encode(encodeStagedRows(rows)).length;

describe('CopyBytesBatch', () => {
  it('writes the rows as the COPY text of encodeStagedRows, in UTF-8', () => {
    const batch = new CopyBytesBatch(10);
    const rows = [row(5, 'Líder de "Engenharia"\tand\nwriter 🚀'), row(6, null)];
    rows.forEach((r) => batch.add(r));
    const taken = batch.take();
    expect(taken.rowCount).toBe(2);
    expect(text(taken.bytes)).toBe(encodeStagedRows(rows));
    expect(batch.rows).toBe(0);
  });

  it('is full at maxRows', () => {
    const batch = new CopyBytesBatch(2);
    batch.add(row(1));
    expect(batch.full).toBe(false);
    batch.add(row(2));
    expect(batch.full).toBe(true);
    expect(batch.take().rowCount).toBe(2);
    expect(batch.full).toBe(false);
  });

  it('cuts before the row that would take it over maxBytes, which starts the next batch', () => {
    const one = bytesOf([row(1)]);
    const batch = new CopyBytesBatch(100, one * 2 + 1);
    batch.add(row(1));
    batch.add(row(2));
    expect(batch.full).toBe(false);
    batch.add(row(3));
    expect(batch.full).toBe(true);
    const first = batch.take();
    expect(first.rowCount).toBe(2);
    expect(first.bytes.length).toBeLessThanOrEqual(one * 2 + 1);
    expect(text(first.bytes)).toBe(encodeStagedRows([row(1), row(2)]));
    expect(batch.rows).toBe(1);
    batch.add(row(4));
    const second = batch.take();
    expect(text(second.bytes)).toBe(encodeStagedRows([row(3), row(4)]));
  });

  it('gives every batch a buffer of its own, so handing one over leaves the next intact', () => {
    const batch = new CopyBytesBatch(1);
    batch.add(row(1));
    const first = batch.take();
    batch.add(row(2));
    const second = batch.take();
    expect(first.bytes.buffer).not.toBe(second.bytes.buffer);
    structuredClone(first.bytes, { transfer: [first.bytes.buffer] });
    expect(text(second.bytes)).toBe(encodeStagedRows([row(2)]));
  });

  it('grows past its first buffer for long rows', () => {
    const long = row(1, 'x'.repeat(300));
    const batch = new CopyBytesBatch(1000);
    for (let i = 0; i < 400; i++) batch.add(long);
    const taken = batch.take();
    expect(taken.rowCount).toBe(400);
    expect(taken.bytes.length).toBe(bytesOf([long]) * 400);
  });

  it('refuses a row that could never fit in a batch', () => {
    const batch = new CopyBytesBatch(10, 50);
    expect(() => batch.add(row(1))).toThrow(RangeError);
  });
});

describe('StagedRowsBatch', () => {
  it('collects rows up to maxRows', () => {
    const batch = new StagedRowsBatch(2);
    batch.add(row(1));
    batch.add(row(2));
    expect(batch.full).toBe(true);
    expect(batch.take()).toEqual([row(1), row(2)]);
    expect(batch.rows).toBe(0);
  });
});
