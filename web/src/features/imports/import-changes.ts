import type { ImportChange, ImportStatus, StrengthMove } from '@warmpath/contracts';

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/** A re-import (the network had people before it): only then is there a "last export" to compare with. */
export const isReimport = (status: Pick<ImportStatus, 'updated' | 'unchanged' | 'absent'>): boolean =>
  status.updated + status.unchanged + status.absent > 0;

/**
 * "12 new connections, 3 job changes, 2 strength changes, 1 no longer in your export", or that
 * nothing changed.
 */
export function changesSummary(
  status: Pick<ImportStatus, 'imported' | 'jobChanges' | 'absent'> & Partial<Pick<ImportStatus, 'signals'>>,
): string {
  const strength = status.signals?.strengthChanges ?? 0;
  const parts = [
    status.imported > 0 && plural(status.imported, 'new connection', 'new connections'),
    status.jobChanges > 0 && plural(status.jobChanges, 'job change', 'job changes'),
    strength > 0 && plural(strength, 'strength change', 'strength changes'),
    status.absent > 0 && `${status.absent} no longer in your export`,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : 'No changes since your last export';
}

const job = (value: { company: string | null; position: string | null } | null): string => {
  if (!value || (!value.company && !value.position)) return 'no current position';
  if (!value.position) return value.company ?? '';
  return value.company ? `${value.position} at ${value.company}` : value.position;
};

/** "medium → strong": the tie's band before and after the import (docs/warmth.md#the-model). */
export const bandMove = (move: StrengthMove): string => `${move.before.band} → ${move.after.band}`;

/** One change in words: who moved from where to where, whose tie grew or cooled, who is new, who is missing. */
export function describeChange(change: ImportChange): string {
  const name = `${change.firstName} ${change.lastName}`.trim();
  const strength = change.strength ? `; strength ${bandMove(change.strength)}` : '';
  switch (change.kind) {
    case 'new':
      return `${name}: new connection (${job(change.after)})`;
    case 'job-change':
      return `${name}: moved from ${job(change.before)} to ${job(change.after)}${strength}`;
    case 'strength-change':
      return change.strength ? `${name} — ${bandMove(change.strength)}` : `${name}: strength changed`;
    case 'absent':
      return `${name}: not in your latest export (was ${job(change.before)})${strength}`;
  }
}

/** The scores behind a band move, for the list's tooltip: "Strength 18 → 45 of 100". */
export const scoreMove = (move: StrengthMove): string =>
  `Strength ${move.before.score} → ${move.after.score} of 100`;
