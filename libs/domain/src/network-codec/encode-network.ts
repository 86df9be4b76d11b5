import {
  FUNCTION_CATEGORIES,
  RELATIONSHIP_TYPES,
  STRENGTH_BAND_VALUES,
  type Connection,
  type Relationship,
} from '@warmpath/contracts';
import {
  COMPACT_NETWORK_FORMAT,
  COMPACT_NETWORK_VERSION,
  FLAG_HAS_WORKED_WITH,
  FLAG_IS_TEAMMATE,
  FLAG_IS_USER,
  type CompactLinks,
  type CompactNetwork,
  type CompactPeople,
  type DeltaValue,
  type WireNetwork,
} from './compact-network.js';
import { runToEnd } from '../pooling/slices.js';

export interface EncodeOptions {
  /**
   * The user whose `deriveCompanyLinks(people, owner)` made the company links at the end of
   * `relationships` (the network service's own and pooled networks): they are left off the wire
   * and derived by the receiver. Without it every link is sent.
   */
  companyLinksOwner?: number;
}

/** A decimal id the receiver can rebuild exactly from a number (no leading zero, no precision lost). */
export const CANONICAL_DECIMAL = /^(0|[1-9]\d{0,14})$/;

const isCompanyLink = (link: Relationship) => link.type.startsWith('company-');

/** Texts once each: index + 1 in the table, 0 for null. */
export class StringTable {
  readonly strings: string[] = [];
  private readonly index = new Map<string, number>();

  ref(value: string | null | undefined): number {
    if (value === null || value === undefined) return 0;
    let ref = this.index.get(value);
    if (ref === undefined) {
      this.strings.push(value);
      ref = this.strings.length;
      this.index.set(value, ref);
    }
    return ref;
  }
}

/** Texts a column's small map remembers: a column with more distinct texts stops using it. */
const COLUMN_TEXTS = 65_536;

/**
 * The refs of one column's texts, through the table: the column's previous text and a small map
 * of its texts first. Most columns hold few distinct texts (dates, titles, companies, last names),
 * and a lookup in a small map, or none, costs a fraction of one in the table's map of every text
 * of a network (hundreds of thousands: at that size each lookup is cache misses). The refs are
 * the table's: a text reaches the table the first time the column meets it, so the table's order
 * is unchanged (docs/workspace-network.md "One snapshot per workspace version: base + viewer
 * patch").
 */
export class ColumnRefs {
  private previous: string | null = null;
  private previousRef = 0;
  private texts: Map<string, number> | null = new Map();

  constructor(private readonly table: StringTable) {}

  ref(value: string | null | undefined): number {
    if (value === null || value === undefined) return 0;
    if (value === this.previous) return this.previousRef;
    const texts = this.texts;
    let ref = texts?.get(value);
    if (ref === undefined) {
      ref = this.table.ref(value);
      if (texts) {
        if (texts.size < COLUMN_TEXTS) texts.set(value, ref);
        // Mostly distinct texts (first names, URLs, e-mails): the small map only adds a lookup.
        else this.texts = null;
      }
    }
    this.previous = value;
    this.previousRef = ref;
    return ref;
  }
}

/** Numbers as deltas from the previous number of the column; texts as they are. */
export class DeltaColumn {
  readonly values: DeltaValue[] = [];
  private previous = 0;

  push(value: number | string): void {
    if (typeof value === 'string') {
      this.values.push(value);
      return;
    }
    this.values.push(value - this.previous);
    this.previous = value;
  }
}

/** `{connections, relationships, companies, workspace?}` → its compact form (see CompactNetwork). */
export function encodeNetwork(network: WireNetwork, options: EncodeOptions = {}): CompactNetwork {
  return runToEnd(encodeNetworkInSlices(network, options));
}

/** People, or links, encoded between two pauses of encodeNetworkInSlices. */
export const SLICE_ITEMS = 4_096;

/**
 * encodeNetwork in slices: it pauses (yields) every few thousand people and links, so the network
 * service can let its event loop turn while it encodes a workspace's base
 * (docs/workspace-network.md "One shared build per workspace version"); run to its end it answers
 * exactly what encodeNetwork does. The network must not change until it ends.
 */
export function* encodeNetworkInSlices(
  network: WireNetwork,
  options: EncodeOptions = {},
): Generator<void, CompactNetwork, void> {
  const strings = new StringTable();
  const { connections, relationships } = network;
  const explicitCount =
    options.companyLinksOwner === undefined ? relationships.length : companyLinksStart(relationships);
  const people = yield* encodePeople(connections, strings);
  const links = yield* encodeLinks(relationships, explicitCount, connections, strings);
  const encoded: CompactNetwork = {
    format: COMPACT_NETWORK_FORMAT,
    version: COMPACT_NETWORK_VERSION,
    strings: strings.strings,
    people,
    links,
    derivedCompanyLinks:
      options.companyLinksOwner === undefined
        ? null
        : { owner: options.companyLinksOwner, count: relationships.length - explicitCount },
    companies: {
      name: network.companies.map((company) => strings.ref(company.name)),
      key: network.companies.map((company) => strings.ref(company.key)),
      count: network.companies.map((company) => company.count),
    },
  };
  if (network.workspace !== undefined) encoded.workspace = network.workspace;
  return encoded;
}

/**
 * `JSON.stringify(compact)`, the same text, made a part at a time (the strings, each column) with
 * a pause between parts: one stringify of a workspace's base is a long task of its own.
 */
export function* compactJsonInSlices(compact: CompactNetwork): Generator<void, string, void> {
  const pieces: string[] = [];
  for (const piece of compactJsonPieces(compact)) {
    pieces.push(piece);
    yield;
  }
  return pieces.join('');
}

/**
 * `JSON.stringify(compact)` in pieces, in order (the strings, each column, the punctuation between
 * them): their concatenation is the text. A caller that writes each piece on (a compressor) never
 * holds the whole text, nor the copies of it that joining makes: at hundreds of thousands of people
 * those were the largest objects of a build (docs/workspace-network.md "The base's text streamed
 * into brotli"). Each piece is also a place to pause.
 */
export function* compactJsonPieces(compact: CompactNetwork): Generator<string, void, void> {
  let first = true;
  yield '{';
  for (const [name, value] of Object.entries(compact)) {
    if (value === undefined) continue;
    const key = `${first ? '' : ','}${JSON.stringify(name)}:`;
    first = false;
    if (name === 'people' || name === 'links') {
      yield `${key}{`;
      let firstColumn = true;
      for (const [column, values] of Object.entries(value as object)) {
        if (values === undefined) continue;
        yield `${firstColumn ? '' : ','}${JSON.stringify(column)}:`;
        firstColumn = false;
        yield JSON.stringify(values);
      }
      yield '}';
    } else yield `${key}${JSON.stringify(value)}`;
  }
  yield '}';
}

/** Where the company links start; they must all be at the end, as the services build them. */
function companyLinksStart(relationships: readonly Relationship[]): number {
  let start = relationships.length;
  while (start > 0 && isCompanyLink(relationships[start - 1] as Relationship)) start--;
  for (let i = 0; i < start; i++) {
    if (isCompanyLink(relationships[i] as Relationship)) {
      throw new Error('Company links to derive must come after every other link');
    }
  }
  return start;
}

/**
 * The distinct knownBy lists, each by its index in order of first use: a tree of user ids, so a
 * list is found without making a string of it (about half of a workspace's people have several
 * knowers).
 */
class KnownByLists {
  readonly lists: number[][] = [];
  private readonly root: KnownByNode = { index: -1, next: new Map() };

  indexOf(knownBy: readonly number[]): number {
    let node = this.root;
    for (const id of knownBy) {
      let next = node.next.get(id);
      if (!next) node.next.set(id, (next = { index: -1, next: new Map() }));
      node = next;
    }
    if (node.index < 0) node.index = this.lists.push([...knownBy]) - 1;
    return node.index;
  }
}

interface KnownByNode {
  index: number;
  readonly next: Map<number, KnownByNode>;
}

/** `link.id === \`${sourceId}-${targetId}\`` without building that string for every link. */
export function isDefaultLinkId({ id, sourceId, targetId }: Relationship): boolean {
  return (
    id.length === sourceId.length + 1 + targetId.length &&
    id.charCodeAt(sourceId.length) === 45 &&
    id.startsWith(sourceId) &&
    id.endsWith(targetId)
  );
}

/** The refs of each text column of the people (ColumnRefs). */
class PeopleTexts {
  readonly firstName: ColumnRefs;
  readonly lastName: ColumnRefs;
  readonly company: ColumnRefs;
  readonly position: ColumnRefs;
  readonly email: ColumnRefs;
  readonly linkedinUrl: ColumnRefs;
  readonly avatarUrl: ColumnRefs;
  readonly notes: ColumnRefs;
  readonly industry: ColumnRefs;
  readonly location: ColumnRefs;
  readonly connectedOn: ColumnRefs;
  readonly createdAt: ColumnRefs;
  readonly history: ColumnRefs;

  constructor(readonly table: StringTable) {
    this.firstName = new ColumnRefs(table);
    this.lastName = new ColumnRefs(table);
    this.company = new ColumnRefs(table);
    this.position = new ColumnRefs(table);
    this.email = new ColumnRefs(table);
    this.linkedinUrl = new ColumnRefs(table);
    this.avatarUrl = new ColumnRefs(table);
    this.notes = new ColumnRefs(table);
    this.industry = new ColumnRefs(table);
    this.location = new ColumnRefs(table);
    this.connectedOn = new ColumnRefs(table);
    this.createdAt = new ColumnRefs(table);
    this.history = new ColumnRefs(table);
  }
}

/** A column of `length` values, filled by index: no growing (copying) of long arrays. */
export function column<T>(length: number): T[] {
  return new Array<T>(length);
}

export function* encodePeople(
  connections: readonly Connection[],
  strings: StringTable,
): Generator<void, CompactPeople, void> {
  const ids = new DeltaColumn();
  const knownBy = new KnownByLists();
  const knownByLists = knownBy.lists;
  const n = connections.length;
  const people: CompactPeople = {
    id: ids.values,
    userId: column(n),
    firstName: column(n),
    lastName: column(n),
    company: column(n),
    position: column(n),
    email: column(n),
    linkedinUrl: column(n),
    avatarUrl: column(n),
    notes: column(n),
    industry: column(n),
    location: column(n),
    connectionDegree: column(n),
    yearsConnected: column(n),
    connectedOn: column(n),
    createdAt: column(n),
    flags: column(n),
    positionInfo: column(n),
    knownBy: column(n),
    knownByLists,
    exportHistory: [],
    warmth: [],
  };
  const texts = new PeopleTexts(strings);
  // Plain functions called once a slice: the same loops inside the generator profiled slower.
  for (let from = 0; from < n; from += SLICE_ITEMS) {
    encodePeopleRange(connections, from, Math.min(n, from + SLICE_ITEMS), people, ids, knownBy, texts);
    yield;
  }
  return people;
}

function encodePeopleRange(
  connections: readonly Connection[],
  from: number,
  to: number,
  people: CompactPeople,
  ids: DeltaColumn,
  knownBy: KnownByLists,
  texts: PeopleTexts,
): void {
  for (let index = from; index < to; index++) {
    const person = connections[index] as Connection;
    ids.push(CANONICAL_DECIMAL.test(person.id) ? Number(person.id) : person.id);
    people.userId[index] = person.userId;
    people.firstName[index] = texts.firstName.ref(person.firstName);
    people.lastName[index] = texts.lastName.ref(person.lastName);
    people.company[index] = texts.company.ref(person.company);
    people.position[index] = texts.position.ref(person.position);
    people.email[index] = texts.email.ref(person.email);
    people.linkedinUrl[index] = texts.linkedinUrl.ref(person.linkedinUrl);
    people.avatarUrl[index] = texts.avatarUrl.ref(person.avatarUrl);
    people.notes[index] = texts.notes.ref(person.notes);
    people.industry[index] = texts.industry.ref(person.industry);
    people.location[index] = texts.location.ref(person.location);
    people.connectionDegree[index] = person.connectionDegree;
    people.yearsConnected[index] = person.yearsConnected;
    people.connectedOn[index] = texts.connectedOn.ref(person.connectedOn);
    people.createdAt[index] = texts.createdAt.ref(person.createdAt);
    people.flags[index] =
      (person.isUser ? FLAG_IS_USER : 0) |
      (person.isTeammate ? FLAG_IS_TEAMMATE : 0) |
      (person.hasWorkedWith ? FLAG_HAS_WORKED_WITH : 0);
    people.positionInfo[index] =
      FUNCTION_CATEGORIES.indexOf(person.positionInfo.category) * 16 + person.positionInfo.seniority;
    people.knownBy[index] = knownBy.indexOf(person.knownBy);
    const history = person.exportHistory;
    if (history) {
      // In this order, as before: the table numbers texts in the order they are first met.
      const table = texts.table;
      people.exportHistory.push([
        index,
        table.ref(history.absentSince),
        table.ref(history.previousCompany),
        table.ref(history.previousPosition),
        table.ref(history.jobChangedAt),
      ]);
    }
    if (person.strength)
      people.warmth?.push([
        index,
        person.strength.score ?? -1,
        STRENGTH_BAND_VALUES.indexOf(person.strength.band),
        person.signals ?? null,
      ]);
  }
}

/**
 * The node index of a link end: the index of the last node with that id, as a map of every id
 * answers, but found mostly without it. A network's links are mostly in the order of their
 * people (each person's links after the last's), from a few sources (the owner, the members): the
 * node after the previous end, or the previous end itself, is checked first, then a small map of
 * the ends met; the map of every id only when both miss. Exact only when no two nodes share an id
 * (then the first match is the last); otherwise every end is looked up in that map.
 */
class LinkEnds {
  private next = 0;
  private readonly near = new Map<string, number>();

  constructor(
    private readonly connections: readonly Connection[],
    private readonly indexOf: ReadonlyMap<string, number>,
    private readonly distinct: boolean,
  ) {}

  index(id: string): number | undefined {
    if (!this.distinct) return this.indexOf.get(id);
    const connections = this.connections;
    const next = this.next;
    if (next < connections.length && (connections[next] as Connection).id === id) {
      this.next = next + 1;
      return next;
    }
    if (next > 0 && (connections[next - 1] as Connection).id === id) return next - 1;
    let index = this.near.get(id);
    if (index === undefined) {
      index = this.indexOf.get(id);
      if (index === undefined) return undefined;
      if (this.near.size < COLUMN_TEXTS) this.near.set(id, index);
    }
    return index;
  }
}

/** The link columns of `count` links, the ends written through `source` and `target`. */
export function linkColumns(source: DeltaColumn, target: DeltaColumn, count: number): CompactLinks {
  return {
    source: source.values,
    target: target.values,
    type: column(count),
    strength: column(count),
    createdAt: column(count),
    company: column(count),
    userId: column(count),
    id: column(count),
  };
}

export function* encodeLinks(
  relationships: readonly Relationship[],
  count: number,
  connections: readonly Connection[],
  strings: StringTable,
): Generator<void, CompactLinks, void> {
  const indexOf = new Map<string, number>();
  for (let index = 0; index < connections.length; index++)
    indexOf.set((connections[index] as Connection).id, index);
  const distinct = indexOf.size === connections.length;
  const source = new DeltaColumn();
  const target = new DeltaColumn();
  const links = linkColumns(source, target, count);
  const ends = {
    source: new LinkEnds(connections, indexOf, distinct),
    target: new LinkEnds(connections, indexOf, distinct),
  };
  const texts = { createdAt: new ColumnRefs(strings), company: new ColumnRefs(strings), id: strings };
  for (let from = 0; from < count; from += SLICE_ITEMS) {
    encodeLinksRange(
      relationships,
      from,
      Math.min(count, from + SLICE_ITEMS),
      links,
      source,
      target,
      ends,
      texts,
    );
    yield;
  }
  return links;
}

function encodeLinksRange(
  relationships: readonly Relationship[],
  from: number,
  to: number,
  links: CompactLinks,
  source: DeltaColumn,
  target: DeltaColumn,
  ends: { source: LinkEnds; target: LinkEnds },
  texts: { createdAt: ColumnRefs; company: ColumnRefs; id: StringTable },
): void {
  let type: string | null = null;
  let typeIndex = -1;
  for (let i = from; i < to; i++) {
    const link = relationships[i] as Relationship;
    source.push(ends.source.index(link.sourceId) ?? link.sourceId);
    target.push(ends.target.index(link.targetId) ?? link.targetId);
    if (link.type !== type) {
      type = link.type;
      typeIndex = RELATIONSHIP_TYPES.indexOf(link.type);
    }
    links.type[i] = typeIndex;
    links.strength[i] = link.strength;
    links.createdAt[i] = texts.createdAt.ref(link.createdAt);
    links.company[i] = texts.company.ref(link.company);
    links.userId[i] = link.userId;
    links.id[i] = isDefaultLinkId(link) ? 0 : texts.id.ref(link.id);
  }
}
