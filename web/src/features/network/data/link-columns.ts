import type { Connection, Relationship } from '@warmpath/contracts';

/**
 * Links as the data worker posts them to the page: typed arrays and one small table of texts
 * instead of an object per link. Structured-cloning 400,000 link objects (a pooled network of
 * 100,000 people) copied 2.4 million strings onto the page's heap, most of them the same few
 * (types, dates, companies) or copies of people's ids; here each distinct text travels once and
 * a link's ends are people the page already holds.
 */
export interface LinkColumns {
  /** The person a link starts at (index in the network's people), or -(k + 1) for texts[k], an id nobody has. */
  sources: Int32Array;
  targets: Int32Array;
  strengths: Float64Array;
  userIds: Float64Array;
  /** Indexes into `texts`. */
  types: Uint32Array;
  createdAt: Uint32Array;
  /** -1: no company. */
  companies: Int32Array;
  /** -1: the usual id, `${sourceId}-${targetId}`. */
  ids: Int32Array;
  texts: string[];
}

/** `relationships[from, to)` as columns; `indexOfId` finds a person's index in the network's people. */
export function toLinkColumns(
  relationships: readonly Relationship[],
  from: number,
  to: number,
  indexOfId: (id: string) => number | undefined,
): LinkColumns {
  const count = Math.max(0, Math.min(to, relationships.length) - from);
  const texts: string[] = [];
  const textIndex = new Map<string, number>();
  const text = (value: string): number => {
    let index = textIndex.get(value);
    if (index === undefined) {
      index = texts.push(value) - 1;
      textIndex.set(value, index);
    }
    return index;
  };
  const end = (id: string): number => indexOfId(id) ?? -(text(id) + 1);
  const columns: LinkColumns = {
    sources: new Int32Array(count),
    targets: new Int32Array(count),
    strengths: new Float64Array(count),
    userIds: new Float64Array(count),
    types: new Uint32Array(count),
    createdAt: new Uint32Array(count),
    companies: new Int32Array(count),
    ids: new Int32Array(count),
    texts,
  };
  for (let k = 0; k < count; k++) {
    const link = relationships[from + k];
    columns.sources[k] = end(link.sourceId);
    columns.targets[k] = end(link.targetId);
    columns.strengths[k] = link.strength;
    columns.userIds[k] = link.userId;
    columns.types[k] = text(link.type);
    columns.createdAt[k] = text(link.createdAt);
    columns.companies[k] = link.company === null ? -1 : text(link.company);
    columns.ids[k] = link.id === `${link.sourceId}-${link.targetId}` ? -1 : text(link.id);
  }
  return columns;
}

/** The buffers to transfer with a LinkColumns message. */
export function linkColumnBuffers(columns: LinkColumns): ArrayBuffer[] {
  const { sources, targets, strengths, userIds, types, createdAt, companies, ids } = columns;
  return [sources, targets, strengths, userIds, types, createdAt, companies, ids].map(
    (array) => array.buffer as ArrayBuffer,
  );
}

/** The links back as objects equal to the worker's, their ends' ids shared with `people`. */
export function fromLinkColumns(columns: LinkColumns, people: readonly Connection[]): Relationship[] {
  const { sources, targets, strengths, userIds, types, createdAt, companies, ids, texts } = columns;
  const idOf = (end: number): string => (end >= 0 ? people[end].id : texts[-end - 1]);
  const links: Relationship[] = new Array<Relationship>(sources.length);
  for (let k = 0; k < sources.length; k++) {
    const sourceId = idOf(sources[k]);
    const targetId = idOf(targets[k]);
    links[k] = {
      id: ids[k] < 0 ? `${sourceId}-${targetId}` : texts[ids[k]],
      sourceId,
      targetId,
      strength: strengths[k],
      createdAt: texts[createdAt[k]],
      type: texts[types[k]] as Relationship['type'],
      company: companies[k] < 0 ? null : texts[companies[k]],
      userId: userIds[k],
    };
  }
  return links;
}
