import type { Connection, Relationship } from '@warmpath/contracts';
import type { LinkEnds } from '../../../graph';

/**
 * Where each link of a view ends, as positions in its list of people (-1: not in it). Worked out
 * where the data already is (the network-data worker), so the graph of 400,000 links looks up no
 * person by id on the page (graph-adapter.ts hands them to the engine).
 */
const known = new WeakMap<readonly Relationship[], { people: readonly Connection[]; ends: LinkEnds }>();

/** Records that `relationships` end at these positions of `people` (same order, same length). */
export function attachLinkEnds(
  relationships: readonly Relationship[],
  people: readonly Connection[],
  ends: LinkEnds,
): void {
  if (ends.sources.length !== relationships.length || ends.targets.length !== relationships.length) return;
  known.set(relationships, { people, ends });
}

/** The ends recorded for exactly this pair of lists, else null (then links are matched by id). */
export function recordedLinkEnds(
  relationships: readonly Relationship[],
  people: readonly Connection[],
): LinkEnds | null {
  const entry = known.get(relationships);
  return entry && entry.people === people ? entry.ends : null;
}
