import { describe, expect, it } from '@jest/globals';
import { buildConnection } from '../../test/build-connection.js';
import { connectorsOf, targetPerson, tiesOf, warmthBand } from './target-connectors.js';

describe('warmthBand', () => {
  it('bands warmth as tie strength bands scores (40 strong, 20 medium)', () => {
    expect([0.5, 0.59, 0.6, 0.69, 0.7, 1].map(warmthBand)).toEqual([
      'weak',
      'weak',
      'medium',
      'medium',
      'strong',
      'strong',
    ]);
  });
});

describe('tiesOf', () => {
  it('takes the given ties, warmest first, ties broken by user id', () => {
    const person = buildConnection({ id: 'p', knownBy: [9] });
    const ties = new Map([
      [
        'p',
        [
          { userId: 3, warmth: 0.6 },
          { userId: 2, warmth: 0.6 },
          { userId: 1, warmth: 0.9 },
        ],
      ],
    ]);
    expect(tiesOf(person, ties).map((tie) => tie.userId)).toEqual([1, 2, 3]);
  });

  it('falls back to each knower with the warmth of the connection', () => {
    const person = buildConnection({ id: 'q', knownBy: [4, 5], yearsConnected: 5 });
    expect(tiesOf(person, new Map())).toEqual([
      { userId: 4, warmth: 0.7 },
      { userId: 5, warmth: 0.7 },
    ]);
  });

  it("leaves out a counts-only member, who is nobody's way in", () => {
    const person = buildConnection({ id: 'r', knownBy: [0, 6] });
    expect(tiesOf(person, undefined).map((tie) => tie.userId)).toEqual([6]);
    expect(tiesOf(buildConnection({ id: 's', knownBy: [0] }), undefined)).toEqual([]);
  });
});

describe('targetPerson', () => {
  it('is null for a person nobody knows', () => {
    expect(targetPerson(buildConnection({ knownBy: [] }), [])).toBeNull();
  });
});

describe('connectorsOf', () => {
  it('counts every person a member knows and keeps their warmest tie', () => {
    const connectors = connectorsOf([
      { id: 'a', ties: [{ userId: 1, warmth: 0.6 }] },
      {
        id: 'b',
        ties: [
          { userId: 1, warmth: 0.8 },
          { userId: 2, warmth: 0.8 },
        ],
      },
    ]);
    expect(connectors).toEqual([
      { userId: 1, peopleCount: 2, bestWarmth: 0.8, personId: 'b' },
      { userId: 2, peopleCount: 1, bestWarmth: 0.8, personId: 'b' },
    ]);
  });
});
