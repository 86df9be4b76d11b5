import type { Connection } from '@warmpath/contracts';

/** "24 Nov 2026", as LinkedIn writes dates in its exports. */
const exportDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * A person's job change as their owner's exports showed it (docs/import.md): "Moved from Globex to
 * Initech, seen in your export of 24 Nov 2026" (the positions when the company stayed the same).
 */
export function jobChangeText(
  person: Pick<Connection, 'company' | 'position' | 'exportHistory'>,
): string | null {
  const history = person.exportHistory;
  if (!history?.jobChangedAt) return null;
  const sameCompany = (history.previousCompany ?? '') === (person.company ?? '');
  const [before, after] = sameCompany
    ? [history.previousPosition, person.position]
    : [history.previousCompany, person.company];
  const seen = exportDate.format(new Date(history.jobChangedAt));
  return `Moved from ${before || 'no position'} to ${after || 'no position'}, seen in your export of ${seen}`;
}

/** "Not in your latest export (missing since 24 Nov 2026)" for a person the last export left out. */
export function absentText(person: Pick<Connection, 'exportHistory'>): string | null {
  const since = person.exportHistory?.absentSince;
  return since ? `Not in your latest export (missing since ${exportDate.format(new Date(since))})` : null;
}
