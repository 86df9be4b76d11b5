import type { AbsentRemoval } from '@warmpath/contracts';

const people = (count: number): string => (count === 1 ? '1 person' : `${count} people`);

/** The action's label: "Remove 3 people not in your latest export". */
export const removeLabel = (count: number): string => `Remove ${people(count)} not in your latest export`;

/** What happened to a removal, in words (dates through `format`). */
export function absentRemovalText(removal: AbsentRemoval, format: (iso: string) => string): string {
  const who = people(removal.removed);
  switch (removal.state) {
    case 'undoable':
      return `${who} not in your latest export ${removal.removed === 1 ? 'was' : 'were'} removed. You can undo this until ${format(removal.undoUntil)}.`;
    case 'restored':
      return `${who} removed on ${format(removal.removedAt)} ${removal.removed === 1 ? 'is' : 'are'} back: the removal was undone${removal.restoredAt ? ` on ${format(removal.restoredAt)}` : ''}.`;
    case 'final':
      return `${who} removed on ${format(removal.removedAt)}. The removal is final (it could be undone for 7 days).`;
  }
}
