import { describe, expect, it } from '@jest/globals';
import { buildWarmthGraph } from '../warm-path/warmth-graph.js';
import { findWarmestPath } from '../warm-path/find-warmest-path.js';
import { adjustTieWarmth, explainFeedback, latestFeedback, type IntroFeedback } from './intro-feedback.js';

const declined = (at: string): IntroFeedback => ({ kind: 'not_close_enough', at });
const introduced = (at: string): IntroFeedback => ({ kind: 'introduced', at });

describe('adjustTieWarmth', () => {
  it.each<[string, number, IntroFeedback[], number]>([
    ['no feedback leaves the tie', 0.9, [], 0.9],
    ['a "not close enough" halves the warmest tie', 1, [declined('2026-05-02T10:00:00Z')], 0.5],
    ['a "not close enough" halves a 10-year tie', 0.9, [declined('2026-05-02T10:00:00Z')], 0.45],
    [
      'a "not close enough" puts the weakest tie below every unadjusted one',
      0.5,
      [declined('2026-05-02T10:00:00Z')],
      0.25,
    ],
    ['an introduction takes a plain tie halfway to 1', 0.5, [introduced('2026-03-10T10:00:00Z')], 0.75],
    ['an introduction takes a warm tie halfway to 1', 0.9, [introduced('2026-03-10T10:00:00Z')], 0.95],
    ['an introduction never goes past 1', 1, [introduced('2026-03-10T10:00:00Z')], 1],
    [
      'a later introduction outweighs an earlier "no"',
      0.6,
      [declined('2026-01-02T10:00:00Z'), introduced('2026-03-10T10:00:00Z')],
      0.8,
    ],
    [
      'a later "no" outweighs an earlier introduction',
      0.6,
      [introduced('2026-03-10T10:00:00Z'), declined('2026-05-02T10:00:00Z')],
      0.3,
    ],
    [
      'the order of the list does not matter, only the dates',
      0.6,
      [declined('2026-05-02T10:00:00Z'), introduced('2026-03-10T10:00:00Z')],
      0.3,
    ],
  ])('%s', (_case, warmth, feedback, adjusted) => {
    expect(adjustTieWarmth(warmth, feedback)).toBeCloseTo(adjusted, 10);
  });

  it('a declined tie ranks below every tie a teammate has to the same person', () => {
    for (const warmth of [0.5, 0.7, 0.9, 1]) {
      expect(adjustTieWarmth(warmth, [declined('2026-05-02T10:00:00Z')])).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('latestFeedback', () => {
  it('is null without feedback, else the latest', () => {
    expect(latestFeedback([])).toBeNull();
    const late = declined('2026-05-02T10:00:00Z');
    expect(latestFeedback([introduced('2026-03-10T10:00:00Z'), late])).toBe(late);
  });
});

describe('explainFeedback', () => {
  it.each<[string, IntroFeedback, string]>([
    [
      'Alice Stone',
      introduced('2026-03-10T10:00:00Z'),
      'Alice Stone introduced someone to Ben Ortiz in March 2026',
    ],
    [
      'Alice Stone',
      declined('2026-05-31T23:30:00Z'),
      "Alice Stone said they don't know Ben Ortiz well enough for an introduction (May 2026)",
    ],
    ['You', introduced('2026-03-10T10:00:00Z'), 'You introduced someone to Ben Ortiz in March 2026'],
    [
      'You',
      declined('2026-05-02T10:00:00Z'),
      "You said you don't know Ben Ortiz well enough for an introduction (May 2026)",
    ],
  ])('%s, %j', (connector, feedback, sentence) => {
    expect(explainFeedback(connector, 'Ben Ortiz', feedback)).toBe(sentence);
  });
});

describe('feedback on the warm path', () => {
  // You → Alice and Dan (teammates) → Ben; Alice has known Ben 10 years, Dan 5.
  const person = (id: string, extra: object = {}) => ({
    id,
    userId: 1,
    firstName: id,
    lastName: '',
    company: null,
    position: null,
    yearsConnected: null,
    hasWorkedWith: false,
    isUser: false,
    knownBy: [],
    ...extra,
  });
  const people = [
    person('u1', { isUser: true }),
    person('u2', { userId: 2, isTeammate: true }),
    person('u3', { userId: 3, isTeammate: true }),
    person('ben'),
  ];
  const graph = (aliceFeedback: IntroFeedback[]) =>
    buildWarmthGraph(
      people,
      [
        { sourceId: 'u1', targetId: 'u2', type: 'teammate', strength: 1, company: null },
        { sourceId: 'u1', targetId: 'u3', type: 'teammate', strength: 1, company: null },
        {
          sourceId: 'u2',
          targetId: 'ben',
          type: 'connection',
          strength: 1,
          company: null,
          tie: { yearsConnected: 10, hasWorkedWith: false, feedback: aliceFeedback },
        },
        {
          sourceId: 'u3',
          targetId: 'ben',
          type: 'connection',
          strength: 1,
          company: null,
          tie: { yearsConnected: 5, hasWorkedWith: false },
        },
      ],
      'u1',
      { implied: false },
    );
  const via = (feedback: IntroFeedback[]) => findWarmestPath(graph(feedback), 'u1', 'ben')?.nodes[1];

  it('runs through the warmer tie, and through the other teammate once that tie is declined', () => {
    expect(via([])).toBe('u2');
    expect(via([declined('2026-05-02T10:00:00Z')])).toBe('u3');
  });
});
