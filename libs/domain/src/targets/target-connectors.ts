import type { Connection, TargetConnector, TargetPerson } from '@warmpath/contracts';
import type { StrengthBand } from '../warmth/tie-strength.js';
import { HIDDEN_KNOWER } from '../pooling/pool-network.js';
import { edgeWarmth } from '../warm-path/edge-warmth.js';

// docs/targets.md#ranking: who of the team is the best way to the people at a target.

/** A member's tie to a person: how warm, (0, 1] (docs/warmth.md). */
export interface KnowerTie {
  userId: number;
  warmth: number;
}

/** Each person's ties by person id: a Map, or a view over a shared one (ReaderTargetIndex). */
export interface KnowerTies {
  get(personId: string): readonly KnowerTie[] | undefined;
}

/** Warmth bands, matching the tie-strength bands (score 40 → 0.7, score 20 → 0.6; docs/warmth.md). */
export const WARMTH_BAND_FLOORS = { strong: 0.7, medium: 0.6 } as const;

export function warmthBand(warmth: number): StrengthBand {
  if (warmth >= WARMTH_BAND_FLOORS.strong) return 'strong';
  return warmth >= WARMTH_BAND_FLOORS.medium ? 'medium' : 'weak';
}

/**
 * A person's ties, warmest first (then lower user id): from `ties` when given (the pooled
 * network's knows ties), else each member of `knownBy` with the connection's own warmth
 * (its strength score, or years known and worked together). A counts-only member
 * (HIDDEN_KNOWER) is nobody's way in: their ties are left out (docs/targets.md#k-anonymity).
 */
export function tiesOf(person: Connection, ties: KnowerTies | undefined): KnowerTie[] {
  const given = ties?.get(person.id);
  const list = given
    ? [...given]
    : person.knownBy.map((userId) => ({
        userId,
        warmth: edgeWarmth({
          type: 'connection',
          yearsConnected: person.yearsConnected,
          hasWorkedWith: person.hasWorkedWith,
          strength: person.strength?.score ?? null,
        }),
      }));
  return list
    .filter((tie) => tie.userId !== HIDDEN_KNOWER)
    .sort((a, b) => b.warmth - a.warmth || a.userId - b.userId);
}

/** A person as a result row shows them, with their warmest tie; null when nobody knows them. */
export function targetPerson(person: Connection, ties: readonly KnowerTie[]): TargetPerson | null {
  const best = ties[0];
  if (!best) return null;
  return {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    position: person.position,
    company: person.company,
    linkedinUrl: person.linkedinUrl,
    seniority: person.positionInfo.seniority,
    category: person.positionInfo.category,
    warmth: best.warmth,
    knownBy: best.userId,
    knowers: ties.map((tie) => tie.userId),
  };
}

/** Most senior first, then warmest, then by id: the order people are listed in. */
export function comparePeople(a: TargetPerson, b: TargetPerson): number {
  return b.seniority - a.seniority || b.warmth - a.warmth || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The members who know people at a target, best first: warmest best tie, then more people, then
 * lower user id. Every tie counts, not only each person's warmest.
 */
export function connectorsOf(
  people: readonly { id: string; ties: readonly KnowerTie[] }[],
): TargetConnector[] {
  const byUser = new Map<number, TargetConnector>();
  for (const person of people) {
    for (const tie of person.ties) {
      const connector = byUser.get(tie.userId);
      if (!connector)
        byUser.set(tie.userId, {
          userId: tie.userId,
          peopleCount: 1,
          bestWarmth: tie.warmth,
          personId: person.id,
        });
      else {
        connector.peopleCount++;
        if (tie.warmth > connector.bestWarmth) {
          connector.bestWarmth = tie.warmth;
          connector.personId = person.id;
        }
      }
    }
  }
  return [...byUser.values()].sort(
    (a, b) => b.bestWarmth - a.bestWarmth || b.peopleCount - a.peopleCount || a.userId - b.userId,
  );
}
