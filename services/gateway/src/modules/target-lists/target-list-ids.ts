import { TARGET_LIST_NOT_FOUND, targetLinePathSchema } from '@warmpath/contracts';
import { invalid, notFound } from '@warmpath/server-kit';

const LIST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A list id in a path: anything that is no list id is a list that does not exist. */
export function listIdOf(raw: string): string {
  if (!LIST_ID.test(raw)) throw notFound(TARGET_LIST_NOT_FOUND);
  return raw.toLowerCase();
}

/** A target's line in a path (a correction's): digits from 1, else 400 on `line`, before any lookup. */
export function lineOf(raw: string): number {
  const parsed = targetLinePathSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? 'Invalid line';
  throw invalid(message, [{ field: 'line', message }]);
}
