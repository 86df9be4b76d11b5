import type { Connection } from '@warmpath/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestConnection } from '../../lib/testing/connections.testing';
import { connectionsToCsv, csvCell, escapeFormula } from './csv-export';

describe('escapeFormula', () => {
  it.each(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tTAB', '\rCR'])(
    'makes %j inert text with a leading apostrophe',
    (value) => {
      expect(escapeFormula(value)).toBe(`'${value}`);
    },
  );

  it('leaves ordinary text alone', () => {
    expect(escapeFormula('Acme, Inc.')).toBe('Acme, Inc.');
    expect(escapeFormula('a=b')).toBe('a=b');
    expect(escapeFormula('')).toBe('');
  });
});

describe('csvCell', () => {
  it('quotes separators, quotes and line breaks as RFC 4180 says', () => {
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvCell('The "best"')).toBe('"The ""best"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('escapes a formula and then quotes it when needed', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('writes numbers as they are and empty values as nothing', () => {
    expect(csvCell(6)).toBe('6');
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
  });
});

describe('connectionsToCsv', () => {
  it('writes a header and one escaped row per person, leaving your own node out', () => {
    const people: Connection[] = [
      buildTestConnection({ id: 'u1', isUser: true, firstName: 'Me', connectionDegree: 0 }),
      buildTestConnection({
        id: '2',
        firstName: '=cmd|"/C calc"!A0',
        lastName: 'Silva',
        company: '@Acme',
        position: '+Lead',
        yearsConnected: 6,
      }),
    ];
    const csv = connectionsToCsv(people);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'First Name,Last Name,Company,Position,Email Address,URL,Connection Degree,Years Connected,Connected On,Industry,Location,Notes',
    );
    expect(lines[1]).toBe(`"'=cmd|""/C calc""!A0",Silva,'@Acme,'+Lead,,,1st,6,,,,`);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
  });
});
