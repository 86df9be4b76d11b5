/**
 * A workspace's profile URLs numbered once and kept from build to build (docs/workspace-network.md
 * "The URL grouping kept between builds"): a URL keeps its number for as long as the registry
 * lives, so the numbers of a member's records are computed once per loaded network and a build
 * meets records on the same URL through an array instead of hashing every URL again. Numbers are
 * only ever added: a registry shared by an older build stays right for it.
 */
export interface UrlIds {
  readonly byUrl: Map<string, number>;
}

/** A registry with no URL yet. */
export const newUrlIds = (): UrlIds => ({ byUrl: new Map() });

/** The numbers of a member's network's records, and the registry they come from. */
interface Numbered {
  readonly registry: UrlIds;
  readonly ids: Int32Array;
}

const numbered = new WeakMap<readonly unknown[], Numbered>();

/**
 * The number of each record's profile URL (`urls`, recordKeysOf) in `registry`, -1 without one;
 * computed once per network and registry when `keep` (the arrays must not change once pooled).
 */
export function urlIdsOf(
  registry: UrlIds,
  people: readonly unknown[],
  urls: readonly (string | null)[],
  keep: boolean,
): Int32Array {
  const known = numbered.get(people);
  if (known?.registry === registry) return known.ids;
  const ids = new Int32Array(urls.length);
  const { byUrl } = registry;
  for (let index = 0; index < urls.length; index++) {
    const url = urls[index];
    if (url === null || url === undefined) {
      ids[index] = -1;
      continue;
    }
    let id = byUrl.get(url);
    if (id === undefined) byUrl.set(url, (id = byUrl.size));
    ids[index] = id;
  }
  if (keep) numbered.set(people, { registry, ids });
  return ids;
}

/**
 * The registry a build keeps: the last one's, unless it has grown past twice the records with a
 * URL of this build (URLs nobody has any more: then a new one, every network numbered once again).
 */
export function keptUrlIds(last: UrlIds | undefined, urlRecords: number): UrlIds {
  return last && last.byUrl.size <= 2 * urlRecords + 1_024 ? last : newUrlIds();
}
