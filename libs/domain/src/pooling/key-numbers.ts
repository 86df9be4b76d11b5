/**
 * A workspace's profile URLs (or company keys) numbered once and kept from build to build
 * (docs/workspace-network.md "The grouping kept between builds"): a key keeps its number for as
 * long as the registry lives, so the numbers of a member's records are computed once per loaded
 * network and a build meets records on the same key through arrays instead of hashing every key
 * again. Numbers are only ever added: a registry shared by an older build stays right for it.
 */
export interface KeyNumbers {
  readonly byKey: Map<string, number>;
  /** Each number's key. */
  readonly keys: string[];
}

/** A registry with no key yet. */
export const newKeyNumbers = (): KeyNumbers => ({ byKey: new Map(), keys: [] });

/** The numbers of a member's network's keys, and the registry they come from. */
interface Numbered {
  readonly registry: KeyNumbers;
  readonly numbers: Int32Array;
}

const numbered = new WeakMap<readonly unknown[], Numbered>();

/**
 * The number of each key (one per record, recordKeysOf or companyKeysOf: arrays made once per
 * loaded network) in `registry`, -1 for null; computed once per keys array and registry when
 * `keep`.
 */
export function numbersOf(registry: KeyNumbers, keys: readonly (string | null)[], keep: boolean): Int32Array {
  const known = numbered.get(keys);
  if (known?.registry === registry) return known.numbers;
  const numbers = new Int32Array(keys.length);
  const { byKey } = registry;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    if (key === null || key === undefined) {
      numbers[index] = -1;
      continue;
    }
    let number = byKey.get(key);
    if (number === undefined) {
      byKey.set(key, (number = byKey.size));
      registry.keys.push(key);
    }
    numbers[index] = number;
  }
  if (keep) numbered.set(keys, { registry, numbers });
  return numbers;
}

/**
 * The registry a build keeps: the last one's, unless it has grown past twice the records with a
 * key of this build (keys nobody has any more: then a new one, every network numbered once again).
 */
export function keptKeyNumbers(last: KeyNumbers | undefined, keyedRecords: number): KeyNumbers {
  return last && last.byKey.size <= 2 * keyedRecords + 1_024 ? last : newKeyNumbers();
}
