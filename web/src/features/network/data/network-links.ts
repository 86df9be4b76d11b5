import type { Relationship } from '@warmpath/contracts';
import type { LinkEnds } from '../../../graph';
import type { LinkTable } from './link-columns';

/**
 * A view's links held as columns: the network's table, which of its links (null: every one, in
 * order) and where each ends among the view's people (-1: not in the view), as the data worker
 * answered.
 */
export interface LinkColumnView {
  table: LinkTable;
  indexes: Uint32Array | null;
  ends: LinkEnds;
}

/**
 * The links of a network view. A network read through the data worker holds its links as
 * columns (a pooled workspace has 400,000 of them): the graph reads the columns, and the links
 * as objects are made only when something asks for them (an export), with `toArray`
 * (docs/performance.md, section "Links as columns on the page").
 */
export interface NetworkLinks {
  readonly length: number;
  /** The links as objects, in order (made on the first call, then kept). */
  toArray(): readonly Relationship[];
  /** The columns behind the list, or null for a list of objects (a network built by hand). */
  readonly columns: LinkColumnView | null;
}

/** A list of link objects as NetworkLinks. */
export function linkList(relationships: readonly Relationship[]): NetworkLinks {
  return { length: relationships.length, toArray: () => relationships, columns: null };
}

/** `indexes` of a network's links (null: all of them), ending at `ends` of the view's people. */
export function columnLinks(table: LinkTable, indexes: Uint32Array | null, ends: LinkEnds): NetworkLinks {
  let made: readonly Relationship[] | null = null;
  return {
    length: indexes ? indexes.length : table.length,
    toArray: () => {
      const all = table.objects();
      made ??= indexes ? Array.from(indexes, (index) => all[index]) : all;
      return made;
    },
    columns: { table, indexes, ends },
  };
}

/** Whether two lists hold the same links in the same order (checked without making objects). */
export function isSameLinkList(a: NetworkLinks, b: NetworkLinks): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  if (a.columns && b.columns) {
    if (a.columns.table !== b.columns.table) return false;
    const x = a.columns.indexes;
    const y = b.columns.indexes;
    if (!x || !y) return x === y;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    return true;
  }
  if (a.columns || b.columns) return false;
  const x = a.toArray();
  const y = b.toArray();
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** The empty list (a view not answered yet). */
export const NO_LINKS: NetworkLinks = linkList([]);
