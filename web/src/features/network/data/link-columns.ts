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

/** Columns for `count` links, zeroed, over the table of texts `texts`. */
function emptyLinkColumns(count: number, texts: string[]): LinkColumns {
  return {
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
  // Links come in runs of one type, date and company (a member's knows links, a company's links):
  // the last text's number is kept, so most links look up none (400,000 links at a workspace's scale).
  let type = '';
  let typeAt = -1;
  let createdAt = '';
  let createdAtAt = -1;
  let company = '';
  let companyAt = -1;
  const columns = emptyLinkColumns(count, texts);
  for (let k = 0; k < count; k++) {
    const link = relationships[from + k];
    columns.sources[k] = end(link.sourceId);
    columns.targets[k] = end(link.targetId);
    columns.strengths[k] = link.strength;
    columns.userIds[k] = link.userId;
    if (link.type !== type || typeAt < 0) typeAt = text((type = link.type));
    columns.types[k] = typeAt;
    if (link.createdAt !== createdAt || createdAtAt < 0) createdAtAt = text((createdAt = link.createdAt));
    columns.createdAt[k] = createdAtAt;
    if (link.company === null) columns.companies[k] = -1;
    else {
      if (link.company !== company || companyAt < 0) companyAt = text((company = link.company));
      columns.companies[k] = companyAt;
    }
    columns.ids[k] = isUsualId(link) ? -1 : text(link.id);
  }
  return columns;
}

/** Whether a link's id is `${sourceId}-${targetId}`, without making that text. */
function isUsualId({ id, sourceId, targetId }: Relationship): boolean {
  return (
    id.length === sourceId.length + 1 + targetId.length &&
    id.charCodeAt(sourceId.length) === 45 &&
    id.startsWith(sourceId) &&
    id.endsWith(targetId)
  );
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

/**
 * The worker's link messages put together into one set of columns (one table of texts, each
 * distinct text once), in message order. Each message is renumbered as it is added, in the task
 * that receives it (its arrays were transferred to the page and belong to nobody else). Given the
 * read's link count (`total`, each links message carries it), the joined columns are made at the
 * first message and each message is copied into them as it arrives, so `finish` copies nothing:
 * copying 405,267 links' columns at the end was the page's longest task at load, 84-169 ms of CPU
 * (docs/performance.md#where-the-first-picture-goes). Without it (or past it) the messages are
 * kept and copied at `finish`, as before.
 */
export class LinkColumnJoiner {
  private readonly parts: LinkColumns[] = [];
  private readonly texts: string[] = [];
  private readonly textIndex = new Map<string, number>();
  private count = 0;
  /** The columns of the whole read, filled message by message (null: none given, or it did not fit). */
  private joined: LinkColumns | null = null;

  add(part: LinkColumns, total?: number): void {
    const renumbered = new Int32Array(part.texts.length);
    for (let k = 0; k < part.texts.length; k++) renumbered[k] = this.text(part.texts[k]);
    const { sources, targets, types, createdAt, companies, ids } = part;
    for (let k = 0; k < sources.length; k++) {
      if (sources[k] < 0) sources[k] = -(renumbered[-sources[k] - 1] + 1);
      if (targets[k] < 0) targets[k] = -(renumbered[-targets[k] - 1] + 1);
      types[k] = renumbered[types[k]];
      createdAt[k] = renumbered[createdAt[k]];
      if (companies[k] >= 0) companies[k] = renumbered[companies[k]];
      if (ids[k] >= 0) ids[k] = renumbered[ids[k]];
    }
    if (this.count === 0 && this.parts.length === 0 && total !== undefined && total >= sources.length)
      this.joined = emptyLinkColumns(total, this.texts);
    const joined = this.joined;
    if (joined && this.count + sources.length <= joined.sources.length) copyInto(joined, part, this.count);
    else {
      // More links than announced: what was copied is kept as a message of its own.
      if (joined) this.parts.push(sliceColumns(joined, this.count));
      this.joined = null;
      this.parts.push(part);
    }
    this.count += sources.length;
  }

  finish(): LinkColumns {
    const count = this.count;
    const { joined } = this;
    this.joined = null;
    if (joined) return joined.sources.length === count ? joined : sliceColumns(joined, count);
    const columns = emptyLinkColumns(count, this.texts);
    let at = 0;
    for (const part of this.parts) {
      copyInto(columns, part, at);
      at += part.sources.length;
    }
    this.parts.length = 0;
    return columns;
  }

  private text(value: string): number {
    let index = this.textIndex.get(value);
    if (index === undefined) {
      index = this.texts.push(value) - 1;
      this.textIndex.set(value, index);
    }
    return index;
  }
}

function copyInto(columns: LinkColumns, part: LinkColumns, at: number): void {
  columns.sources.set(part.sources, at);
  columns.targets.set(part.targets, at);
  columns.strengths.set(part.strengths, at);
  columns.userIds.set(part.userIds, at);
  columns.types.set(part.types, at);
  columns.createdAt.set(part.createdAt, at);
  columns.companies.set(part.companies, at);
  columns.ids.set(part.ids, at);
}

/** The first `count` links of `columns`, in arrays of their own; the same texts. */
function sliceColumns(columns: LinkColumns, count: number): LinkColumns {
  return {
    sources: columns.sources.slice(0, count),
    targets: columns.targets.slice(0, count),
    strengths: columns.strengths.slice(0, count),
    userIds: columns.userIds.slice(0, count),
    types: columns.types.slice(0, count),
    createdAt: columns.createdAt.slice(0, count),
    companies: columns.companies.slice(0, count),
    ids: columns.ids.slice(0, count),
    texts: columns.texts,
  };
}

/** The messages' columns joined at once (LinkColumnJoiner). */
export function joinLinkColumns(parts: readonly LinkColumns[], total?: number): LinkColumns {
  const joiner = new LinkColumnJoiner();
  for (const part of parts) joiner.add(part, total);
  return joiner.finish();
}

/**
 * A whole network's links held as columns on the page, with the people their ends index: what a
 * link's reader needs (type, strength, id) is read from the columns, and the links as objects
 * are made only when something asks for them (`objects`), once.
 */
export class LinkTable {
  private made: readonly Relationship[] | null = null;

  constructor(
    readonly columns: LinkColumns,
    private readonly people: readonly Connection[],
  ) {}

  get length(): number {
    return this.columns.sources.length;
  }

  type(link: number): Relationship['type'] {
    return this.columns.texts[this.columns.types[link]] as Relationship['type'];
  }

  strength(link: number): number {
    return this.columns.strengths[link];
  }

  /** The link's id, as its object would have it (no object made). */
  id(link: number): string {
    const { ids, texts, sources, targets } = this.columns;
    return ids[link] >= 0 ? texts[ids[link]] : `${this.endId(sources[link])}-${this.endId(targets[link])}`;
  }

  /** Every link as an object, equal to the worker's (made on the first call, then kept; frozen list). */
  objects(): readonly Relationship[] {
    this.made ??= Object.freeze(fromLinkColumns(this.columns, this.people));
    return this.made;
  }

  private endId(end: number): string {
    return end >= 0 ? this.people[end].id : this.columns.texts[-end - 1];
  }
}
