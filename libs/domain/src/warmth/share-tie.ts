import { type SharingLevel } from '@warmpath/contracts';
import { type ArchiveSignals } from './archive-signals.js';
import { type StrengthBand, type TieStrength } from './tie-strength.js';

/** What a teammate's tie with a person shows to the rest of a workspace. */
export type SharedTie =
  { band: StrengthBand } | { band: StrengthBand; score: number; signals: ArchiveSignals | null };

/**
 * A member's tie as their sharing level lets others see it: nothing at `counts`, the band alone
 * at `names` and `profiles`, the score with its counts and dates at `emails` (docs/warmth.md,
 * "Sharing"). The path search still uses the full score; only what is shown is cut.
 */
export function shareTie(
  level: SharingLevel,
  strength: TieStrength,
  signals: ArchiveSignals | null,
): SharedTie | null {
  switch (level) {
    case 'counts':
      return null;
    case 'names':
    case 'profiles':
      return { band: strength.band };
    case 'emails':
      return { band: strength.band, score: strength.score, signals };
    default:
      return assertNever(level);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown sharing level: ${String(value)}`);
}

/** A person record's strength fields as a sharing level lets others see them. */
export interface ShownStrength {
  strength?: { score?: number; band: StrengthBand };
  signals?: ArchiveSignals;
}

/**
 * What a member's record of a person shows to the workspace of its strength (shareTie): only
 * the fields present, so a record without a strength adds none.
 */
export function shownStrength(
  record: { strength?: { score?: number; band: StrengthBand }; signals?: ArchiveSignals },
  level: SharingLevel,
): ShownStrength {
  if (!record.strength) return {};
  const shown = shareTie(
    level,
    { score: record.strength.score ?? 0, band: record.strength.band },
    record.signals ?? null,
  );
  if (!shown) return {};
  if (!('score' in shown)) return { strength: { band: shown.band } };
  const strength =
    record.strength.score === undefined ? { band: shown.band } : { score: shown.score, band: shown.band };
  return shown.signals ? { strength, signals: shown.signals } : { strength };
}

/**
 * shownStrength(record, level).strength?.score without building it: the score a link may show
 * (null: none), for the knows link of every pooled record.
 */
export function shownScore(
  record: { strength?: { score?: number; band: StrengthBand } },
  level: SharingLevel,
): number | null {
  const score = record.strength?.score;
  return level === 'emails' && score !== undefined ? score : null;
}
