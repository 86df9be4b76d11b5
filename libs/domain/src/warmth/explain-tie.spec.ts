import { describe, expect, it } from '@jest/globals';
import { type ArchiveSignals, emptyArchiveSignals } from './archive-signals.js';
import { type TieStory, agoPhrase, explainTie } from './explain-tie.js';

const TODAY = new Date('2026-11-26T09:00:00Z');
const signals = (overrides: Partial<ArchiveSignals> = {}): ArchiveSignals => ({
  ...emptyArchiveSignals(),
  ...overrides,
});
const story = (overrides: Partial<TieStory> = {}): TieStory => ({
  knower: 'You',
  person: 'Ana',
  signals: null,
  pastColleague: null,
  yearsConnected: null,
  ...overrides,
});
const texts = (tie: TieStory) => explainTie(tie, TODAY).map((fact) => fact.text);

describe('explainTie', () => {
  it.each<[string, Partial<TieStory>, string[]]>([
    ['nothing known', {}, []],
    ['years only', { yearsConnected: 6 }, ['Connected 6 years ago']],
    ['under a year', { yearsConnected: 0 }, ['Connected less than a year ago']],
    [
      'messages both ways',
      {
        signals: signals({
          messagesSent: 30,
          messagesReceived: 18,
          directConversations: 2,
          lastMessageOn: '2026-11-14',
        }),
      },
      ['You exchanged 48 messages with Ana, the last 12 days ago'],
    ],
    [
      'a teammate knower',
      {
        knower: 'Ana',
        person: 'Ben',
        signals: signals({ messagesSent: 1, messagesReceived: 1, lastMessageOn: '2026-11-25' }),
      },
      ['Ana exchanged 2 messages with Ben, the last one yesterday'],
    ],
    [
      'only the member wrote',
      { signals: signals({ messagesSent: 3, lastMessageOn: '2026-08-01' }) },
      ['You wrote 3 messages to Ana, never answered, the last 3 months ago'],
    ],
    [
      'only the person wrote',
      { signals: signals({ messagesReceived: 1, lastMessageOn: '2026-11-26' }) },
      ['Ana wrote 1 message to you, never answered, the last one today'],
    ],
    [
      'group chats only',
      {
        signals: signals({
          messagesSent: 4,
          messagesReceived: 2,
          groupMessages: 6,
          groupConversations: 2,
          lastMessageOn: '2023-01-01',
        }),
      },
      ['You and Ana were in 2 group chats together, the last 3 years ago'],
    ],
    [
      'recommendations each way',
      {
        knower: 'Ana',
        person: 'Ben',
        signals: signals({
          recommendationsGiven: 1,
          recommendationGivenOn: '2023-04-02',
          recommendationsReceived: 1,
          recommendationReceivedOn: '2021-01-01',
        }),
      },
      ['Ben recommended Ana in 2021', 'Ana recommended Ben in 2023'],
    ],
    [
      'a past colleague with years',
      { pastColleague: { company: 'Globex', from: 2018, to: 2021 } },
      ['You worked together at Globex (2018–2021)'],
    ],
    [
      'a past colleague without years',
      { pastColleague: { company: 'Globex', from: null, to: null } },
      ['You worked together at Globex'],
    ],
    [
      'a past colleague, company unknown',
      { pastColleague: { company: ' ', from: 2018, to: 2019 } },
      ['You worked together'],
    ],
    [
      "a teammate's past colleague",
      { knower: 'Ana', person: 'Ben', pastColleague: { company: 'Initech', from: 2019, to: null } },
      ['Ana and Ben worked together at Initech (from 2019)'],
    ],
    [
      'endorsements and the invitation',
      {
        signals: signals({
          endorsementsGiven: 1,
          endorsementsReceived: 3,
          invitedBy: 'person',
          invitationWithNote: true,
          invitedOn: '2019-05-01',
        }),
      },
      [
        'Ana endorsed you for 3 skills',
        'You endorsed Ana for 1 skill',
        'Ana invited you to connect with a personal note in 2019',
      ],
    ],
    [
      'an invitation without a note',
      { signals: signals({ invitedBy: 'member' }) },
      ['You invited Ana to connect'],
    ],
  ])('%s', (_, overrides, expected) => {
    expect(texts(story(overrides))).toEqual(expected);
  });

  it('names the source file of each fact, the strongest evidence first', () => {
    const facts = explainTie(
      story({
        signals: signals({
          messagesSent: 1,
          messagesReceived: 1,
          lastMessageOn: '2026-11-01',
          recommendationsReceived: 1,
          endorsementsGiven: 1,
          invitedBy: 'member',
        }),
        pastColleague: { company: 'Globex', from: null, to: null },
        yearsConnected: 4,
      }),
      TODAY,
    );
    expect(facts.map((fact) => fact.source)).toEqual([
      'messages.csv',
      'Recommendations_Received.csv',
      'Positions.csv',
      'Endorsement_Given_Info.csv',
      'Invitations.csv',
      'Connections.csv',
    ]);
  });
});

describe('agoPhrase', () => {
  it.each<[number | null, string | null]>([
    [null, null],
    [0, 'today'],
    [1, 'yesterday'],
    [12, '12 days ago'],
    [59, '59 days ago'],
    [61, '2 months ago'],
    [729, '23 months ago'],
    [800, '2 years ago'],
  ])('%s days: %s', (days, phrase) => {
    expect(agoPhrase(days)).toBe(phrase);
  });
});
