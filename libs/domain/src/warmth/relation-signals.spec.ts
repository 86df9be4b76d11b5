import { describe, expect, it } from '@jest/globals';
import { type ArchiveSignals } from './archive-signals.js';
import {
  type RecommendationSignals,
  type RelationFile,
  RelationSignalsReader,
  recommendationNameKey,
} from './relation-signals.js';

const ANA = 'https://www.linkedin.com/in/ana';

function read(file: RelationFile, rows: string[][]) {
  const byUrl = new Map<string, ArchiveSignals>();
  const byName = new Map<string, RecommendationSignals>();
  const reader = new RelationSignalsReader(file, byUrl, byName);
  for (const row of rows) reader.row(row);
  return { byUrl, byName, reader };
}

const INVITATIONS = [
  'From',
  'To',
  'Sent At',
  'Message',
  'Direction',
  'inviterProfileUrl',
  'inviteeProfileUrl',
];

describe('RelationSignalsReader', () => {
  it('reads who invited whom, with or without a note, never the note', () => {
    const { byUrl } = read('invitations', [
      INVITATIONS,
      [
        'Me',
        'Ana',
        '1/15/24, 3:04 PM',
        'Great to meet you, Ana!',
        'OUTGOING',
        'https://www.linkedin.com/in/me',
        ANA,
      ],
      [
        'Ben',
        'Me',
        '2/1/24, 9:00 AM',
        '',
        'INCOMING',
        'linkedin.com/in/ben',
        'https://www.linkedin.com/in/me',
      ],
      [
        'Cy',
        'Me',
        '2/1/24, 9:00 AM',
        'hi',
        'SIDEWAYS',
        'linkedin.com/in/cy',
        'https://www.linkedin.com/in/me',
      ],
    ]);
    expect(byUrl.get(ANA)).toMatchObject({
      invitedBy: 'member',
      invitationWithNote: true,
      invitedOn: '2024-01-15',
    });
    expect(byUrl.get('https://www.linkedin.com/in/ben')).toMatchObject({
      invitedBy: 'person',
      invitationWithNote: false,
    });
    expect(byUrl.has('https://www.linkedin.com/in/cy')).toBe(false);
    expect(JSON.stringify([...byUrl.values()])).not.toContain('Great to meet you');
    expect(
      read('invitations', [
        INVITATIONS,
        ['Ben', 'Me', '', '', 'INCOMING', 'linkedin.com/in/ben', 'https://www.linkedin.com/in/ME'],
      ]).reader.memberUrl,
    ).toBe('https://www.linkedin.com/in/me');
  });

  it.each<[RelationFile, string, keyof ArchiveSignals]>([
    ['endorsements-received', 'Endorser Public Url', 'endorsementsReceived'],
    ['endorsements-given', 'Endorsee Public Url', 'endorsementsGiven'],
  ])('counts %s per person', (file, column, field) => {
    const { byUrl } = read(file, [
      ['Endorsement Date', 'Skill Name', 'First Name', 'Last Name', column, 'Endorsement Status'],
      ['2023/06/05 15:47:58 UTC', 'HTML', 'Ana', 'S', 'www.linkedin.com/in/ana', 'ACCEPTED'],
      ['2023/06/05 15:47:58 UTC', 'CSS', 'Ana', 'S', 'www.linkedin.com/in/ana', 'ACCEPTED'],
      ['2023/06/05 15:47:58 UTC', 'CSS', 'Nobody', 'S', '', 'ACCEPTED'],
    ]);
    expect(byUrl.get(ANA)?.[field]).toBe(2);
    expect(byUrl.size).toBe(1);
  });

  it.each<[RelationFile, keyof RecommendationSignals, keyof RecommendationSignals]>([
    ['recommendations-received', 'received', 'receivedOn'],
    ['recommendations-given', 'given', 'givenOn'],
  ])('counts %s per name, with the latest date', (file, count, on) => {
    const { byName } = read(file, [
      ['First Name', 'Last Name', 'Company', 'Job Title', 'Text', 'Creation Date', 'Status'],
      ['Ana', 'Silva', 'Acme', 'CTO', 'Ana is great, really', '06/05/21, 10:25 AM', 'VISIBLE'],
      [' ana ', 'SILVA', 'Acme', 'CTO', 'Again', '2023-04-02', 'VISIBLE'],
      ['', '', 'Acme', 'CTO', 'No name', '2023-04-02', 'VISIBLE'],
    ]);
    expect(byName.get(recommendationNameKey('Ana', 'Silva'))).toMatchObject({
      [count]: 2,
      [on]: '2023-04-02',
    });
    expect(byName.size).toBe(1);
  });

  it('recognises a file only by its columns', () => {
    const { reader, byUrl } = read('invitations', [
      ['Name', 'Other'],
      ['Ana', 'x'],
    ]);
    expect(reader.recognised).toBe(false);
    expect(byUrl.size).toBe(0);
  });
});
