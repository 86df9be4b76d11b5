import { SOURCE_NAME_MAX } from '@warmpath/contracts';

/**
 * A workspace source (an export uploaded for someone) is stored in the network service under an
 * owner id that no user can have: the source's id, negated. Its people are then read, pooled and
 * re-imported exactly like a member's, and never appear in anyone's own network.
 */
export const sourceOwnerId = (sourceId: number): number => -sourceId;
export const isSourceOwnerId = (ownerId: number): boolean => ownerId < 0;

/**
 * The default name of a file's source: its file name without folders and extension, underscores
 * and runs of spaces made single spaces ("exports/ada_lovelace.csv" → "ada lovelace").
 */
export function sourceNameOfFile(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const stem = base.replace(/\.(csv|zip)$/i, '');
  return stem
    .replace(/[_\s]+/g, ' ')
    .trim()
    .slice(0, SOURCE_NAME_MAX);
}

/** Names compare without case and spacing: "Ada  Lovelace" replaces "ada lovelace". */
export function sourceNameKey(name: string): string {
  return name.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** First and last name of a source's node: the last word is the last name. */
export function splitSourceName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] as string };
}
