import { describe, expect, it } from '@jest/globals';
import { csvCell, csvLine } from './csv-text.js';

describe('csvCell', () => {
  it('leaves plain text alone and writes null as empty', () => {
    expect(csvCell('Acme')).toBe('Acme');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvCell('The "Boss"')).toBe('"The ""Boss"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
});

describe('csvLine', () => {
  it('joins cells with commas', () => {
    expect(csvLine(['Ana', 'Silva', 'Acme, Inc.'])).toBe('Ana,Silva,"Acme, Inc."');
  });
});
