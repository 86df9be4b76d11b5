import { TARGET_LIST_NOT_FOUND } from '@warmpath/contracts';
import { notFound } from '@warmpath/server-kit';

const LIST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A list id in a path: anything that is no list id is a list that does not exist. */
export function listIdOf(raw: string): string {
  if (!LIST_ID.test(raw)) throw notFound(TARGET_LIST_NOT_FOUND);
  return raw.toLowerCase();
}
