import type { ArchiveSignalsView, StrengthMove } from '@warmpath/contracts';
import { computeYearsConnected, tieStrength } from '@warmpath/domain';

/** One signals row of the owner as the import's last batch finds it, with the person's facts. */
export interface SignalsBeforeAfter {
  connectionId: string;
  connectedOn: string | null;
  hasWorkedWith: boolean;
  /** What the archive said before this import; null when it said nothing of the person. */
  before: ArchiveSignalsView | null;
  /** What it says now; null when the newer archive says nothing (the row is about to go). */
  after: ArchiveSignalsView | null;
}

export interface StrengthMoveOf extends StrengthMove {
  connectionId: string;
}

/**
 * The people whose strength band the import's signals moved (docs/import.md#strength-changes):
 * the same model and the same day on both sides, so only the archive makes the difference, never
 * the years connected or a colleague mark.
 */
export function strengthMoves(rows: readonly SignalsBeforeAfter[], now: Date): StrengthMoveOf[] {
  const moves: StrengthMoveOf[] = [];
  for (const row of rows) {
    const facts = {
      yearsConnected: computeYearsConnected(row.connectedOn, now),
      pastColleague: row.hasWorkedWith,
      coEmployedNow: false,
    };
    const before = tieStrength({ ...facts, signals: row.before }, now);
    const after = tieStrength({ ...facts, signals: row.after }, now);
    if (before.band !== after.band) moves.push({ connectionId: row.connectionId, before, after });
  }
  return moves;
}
