import { describe, expect, it } from '@jest/globals';
import type { TargetPerson, TargetResultRow } from '@warmpath/contracts';
import { csvAttachmentDisposition, targetResultsToCsv } from './target-results-csv.js';

const person = (id: string, firstName: string, position: string, knowers: number[]): TargetPerson => ({
  id,
  firstName,
  lastName: 'Silva',
  position,
  company: 'Acme',
  linkedinUrl: null,
  seniority: 8,
  category: 'sales',
  warmth: 0.8,
  knownBy: knowers[0] as number,
  knowers,
});

const covered: TargetResultRow = {
  target: { kind: 'company', line: 2, name: '=Acme', domain: 'acme.com', linkedinUrl: null },
  match: 'folded',
  reached: 'company',
  companyKey: 'ACME',
  covered: true,
  peopleCount: 12,
  hiddenPeopleCount: 0,
  people: [person('p1', 'Ana', 'CEO', [7, 9]), person('p2', 'Bo', '+Head, Sales', [9, 11])],
  bestConnector: { userId: 7, peopleCount: 1, bestWarmth: 0.75, personId: 'p1' },
  warmthBand: 'strong',
  otherConnectors: [
    { userId: 9, peopleCount: 2, bestWarmth: 0.62, personId: 'p2' },
    // Their warmest tie is not among the people listed: the most senior listed they know.
    { userId: 11, peopleCount: 1, bestWarmth: 0.3, personId: 'p-unlisted' },
  ],
  suggestions: [],
};

const nobody: TargetResultRow = {
  target: { kind: 'person', line: 5, profileUrl: null, firstName: 'Zoe', lastName: 'Ng', company: 'Initech' },
  match: 'none',
  reached: 'none',
  companyKey: null,
  covered: false,
  peopleCount: 0,
  hiddenPeopleCount: 0,
  people: [],
  bestConnector: null,
  warmthBand: null,
  otherConnectors: [],
  suggestions: [],
};

describe('targetResultsToCsv', () => {
  it('writes one row per target and connector, best first, and one bare row for a target nobody knows', () => {
    const names = new Map([
      [7, 'You'],
      [9, '@Ned'],
      [11, 'Cy'],
    ]);
    const csv = targetResultsToCsv([covered, nobody], (id) => names.get(id) ?? '');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      "Line,Kind,Target,Company,Domain,LinkedIn,Match,Covered,Warmth band,Connector,Best person,Best person position,Connector's people,People at target",
      "2,company,'=Acme,'=Acme,acme.com,,folded,yes,strong,You,Ana Silva,CEO,1,12",
      `2,company,'=Acme,'=Acme,acme.com,,folded,yes,medium,'@Ned,Bo Silva,"'+Head, Sales",2,12`,
      "2,company,'=Acme,'=Acme,acme.com,,folded,yes,weak,Cy,Bo Silva,\"'+Head, Sales\",1,12",
      '5,person,Zoe Ng,Initech,,,none,no,,,,,,0',
      '',
    ]);
  });
});

describe('csvAttachmentDisposition', () => {
  it('names the file after the list, ASCII-safe, with the exact name in UTF-8', () => {
    expect(csvAttachmentDisposition('Q3 accounts')).toBe(
      `attachment; filename="Q3 accounts.csv"; filename*=UTF-8''Q3%20accounts.csv`,
    );
    expect(csvAttachmentDisposition('Zürich "top" /1\r\n')).toBe(
      `attachment; filename="Z_rich _top_ _1.csv"; filename*=UTF-8''Z%C3%BCrich%20%22top%22%20%2F1.csv`,
    );
    expect(csvAttachmentDisposition('  ')).toBe(
      `attachment; filename="targets.csv"; filename*=UTF-8''targets.csv`,
    );
  });
});
