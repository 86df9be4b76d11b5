import type { Connection } from '@warmpath/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestConnection } from '../../lib/testing/connections.testing';
import { connectionsToCsv } from './csv-export';

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
