import type { TargetList, TargetListResults, TargetPerson, TargetResultRow } from '@warmpath/contracts';
import { TEST_USER } from '../../lib/testing/app.testing';

/** Builders for the target list screens' tests: realistic defaults, overrides per test. */

export const LIST_ID = '4f1c2a9e-7b3d-4c55-9a10-3e2f6d8b1c00';

export function buildTargetList(overrides: Partial<TargetList> = {}): TargetList {
  return {
    id: LIST_ID,
    teamId: 5,
    name: 'Q3 accounts',
    sourceName: 'accounts.csv',
    targetCount: 3,
    skippedCount: 1,
    createdBy: TEST_USER.id,
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedBy: TEST_USER.id,
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function buildTargetPerson(overrides: Partial<TargetPerson> = {}): TargetPerson {
  return {
    id: '101',
    firstName: 'Finn',
    lastName: 'Hart',
    position: 'CTO',
    company: 'Globex',
    linkedinUrl: null,
    seniority: 9,
    category: 'executive',
    warmth: 0.8,
    knownBy: 2,
    knowers: [2],
    ...overrides,
  };
}

/** A company target at `line`, covered through Ben (2) unless overridden. */
export function buildResultRow(
  line: number,
  name: string,
  overrides: Partial<TargetResultRow> = {},
): TargetResultRow {
  return {
    target: { kind: 'company', line, name, domain: null, linkedinUrl: null },
    match: 'exact',
    reached: 'company',
    companyKey: name.toUpperCase(),
    covered: true,
    peopleCount: 1,
    hiddenPeopleCount: 0,
    people: [buildTargetPerson({ company: name })],
    bestConnector: { userId: 2, peopleCount: 1, bestWarmth: 0.8, personId: '101' },
    warmthBand: 'strong',
    otherConnectors: [],
    suggestions: [],
    ...overrides,
  };
}

/** An unmatched company target with suggestions. */
export function buildUncoveredRow(line: number, name: string, overrides: Partial<TargetResultRow> = {}) {
  return buildResultRow(line, name, {
    match: 'none',
    reached: 'none',
    companyKey: null,
    covered: false,
    peopleCount: 0,
    people: [],
    bestConnector: null,
    warmthBand: null,
    ...overrides,
  });
}

export function buildResults(overrides: Partial<TargetListResults> = {}): TargetListResults {
  const rows = overrides.rows ?? [
    buildResultRow(2, 'Globex'),
    buildResultRow(3, 'Initech', {
      people: [
        buildTargetPerson({
          id: '102',
          firstName: 'Ida',
          lastName: 'Moss',
          seniority: 4,
          warmth: 0.4,
          category: 'engineering',
          position: 'Engineer',
        }),
      ],
      bestConnector: { userId: 1, peopleCount: 1, bestWarmth: 0.4, personId: '102' },
      warmthBand: 'weak',
      otherConnectors: [{ userId: 2, peopleCount: 1, bestWarmth: 0.3, personId: '102' }],
    }),
    buildUncoveredRow(4, 'Umbrela Corp', {
      suggestions: [{ key: 'UMBRELLA', name: 'Umbrella', similarity: 0.6 }],
    }),
  ];
  return {
    list: buildTargetList({ targetCount: rows.length }),
    rows,
    skipped: [{ line: 5, reason: 'duplicate', message: 'The same target as line 2.', duplicateOf: 2 }],
    corrections: [],
    coveredCount: rows.filter((row) => row.covered).length,
    totals: {
      covered: rows.filter((row) => row.covered).length,
      byBand: { strong: 1, medium: 0, weak: 1 },
      byConnector: [
        { userId: 2, targets: 2 },
        { userId: 1, targets: 1 },
      ],
    },
    offset: 0,
    rowCount: rows.length,
    newWaysIn: 0,
    lastOpenedAt: null,
    ...overrides,
  };
}
