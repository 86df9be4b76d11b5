import { describe, expect, it } from 'vitest';
import { changesSummary, describeChange, isReimport, scoreMove } from './import-changes';

describe('import changes in words', () => {
  it('sums up a re-import as the dashboard says it', () => {
    expect(changesSummary({ imported: 12, jobChanges: 3, absent: 1 })).toBe(
      '12 new connections, 3 job changes, 1 no longer in your export',
    );
    expect(changesSummary({ imported: 1, jobChanges: 1, absent: 0 })).toBe('1 new connection, 1 job change');
    const signals = {
      files: [{ name: 'messages.csv', rows: 40 }],
      unreadableFiles: [],
      messages: 40,
      connections: 3,
      ignoredPeople: 0,
      ignoredMessages: 0,
    };
    expect(
      changesSummary({ imported: 0, jobChanges: 1, absent: 0, signals: { ...signals, strengthChanges: 2 } }),
    ).toBe('1 job change, 2 strength changes');
    // A report of before strength changes were counted.
    expect(changesSummary({ imported: 0, jobChanges: 0, absent: 0, signals })).toBe(
      'No changes since your last export',
    );
    expect(changesSummary({ imported: 0, jobChanges: 0, absent: 0 })).toBe(
      'No changes since your last export',
    );
  });

  it('tells a re-import from a first import', () => {
    expect(isReimport({ updated: 0, unchanged: 0, absent: 0 })).toBe(false);
    expect(isReimport({ updated: 0, unchanged: 4, absent: 0 })).toBe(true);
  });

  it('says who moved from where to where, who is new and who is missing', () => {
    const base = { connectionId: '7', firstName: 'Ana', lastName: 'Silva' };
    expect(
      describeChange({
        ...base,
        kind: 'job-change',
        before: { company: 'Globex', position: 'CTO' },
        after: { company: 'Initech', position: null },
      }),
    ).toBe('Ana Silva: moved from CTO at Globex to Initech');
    expect(
      describeChange({ ...base, kind: 'new', before: null, after: { company: null, position: null } }),
    ).toBe('Ana Silva: new connection (no current position)');
    expect(
      describeChange({ ...base, kind: 'absent', before: { company: 'Acme', position: 'CEO' }, after: null }),
    ).toBe('Ana Silva: not in your latest export (was CEO at Acme)');
  });

  it('says whose tie the newer archive moved to another band, and by how much', () => {
    const base = { connectionId: '7', firstName: 'Ana', lastName: 'Souza' };
    const strength = { before: { band: 'medium', score: 24 }, after: { band: 'strong', score: 52 } } as const;
    expect(
      describeChange({
        ...base,
        kind: 'strength-change',
        before: null,
        after: { company: 'Acme', position: 'CTO' },
        strength,
      }),
    ).toBe('Ana Souza — medium → strong');
    expect(
      describeChange({
        ...base,
        kind: 'job-change',
        before: { company: 'Globex', position: 'CTO' },
        after: { company: 'Acme', position: 'CTO' },
        strength,
      }),
    ).toBe('Ana Souza: moved from CTO at Globex to CTO at Acme; strength medium → strong');
    expect(
      describeChange({
        ...base,
        kind: 'absent',
        before: { company: 'Acme', position: 'CTO' },
        after: null,
        strength: { before: strength.after, after: strength.before },
      }),
    ).toBe('Ana Souza: not in your latest export (was CTO at Acme); strength strong → medium');
    expect(scoreMove(strength)).toBe('Strength 24 → 52 of 100');
  });
});
