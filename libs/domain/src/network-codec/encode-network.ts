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
const CANONICAL_DECIMAL = /^(0|[1-9]\d{0,14})$/;

const isCompanyLink = (link: Relationship) => link.type.startsWith('company-');

/** Texts once each: index + 1 in the table, 0 for null. */
class StringTable {
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

/** Numbers as deltas from the previous number of the column; texts as they are. */
class DeltaColumn {
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
const SLICE_ITEMS = 4_096;

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
  const indexOf = new Map<string, number>();
  connections.forEach((person, index) => indexOf.set(person.id, index));
  const people = yield* encodePeople(connections, strings);
  const links = yield* encodeLinks(relationships, explicitCount, indexOf, strings);
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
  const parts: string[] = [];
  for (const [name, value] of Object.entries(compact)) {
    if (value === undefined) continue;
    if (name === 'people' || name === 'links') {
      const columns: string[] = [];
      for (const [column, values] of Object.entries(value as object)) {
        if (values === undefined) continue;
        columns.push(`${JSON.stringify(column)}:${JSON.stringify(values)}`);
        yield;
      }
      parts.push(`${JSON.stringify(name)}:{${columns.join(',')}}`);
    } else parts.push(`${JSON.stringify(name)}:${JSON.stringify(value)}`);
    yield;
  }
  return `{${parts.join(',')}}`;
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
function isDefaultLinkId({ id, sourceId, targetId }: Relationship): boolean {
  return (
    id.length === sourceId.length + 1 + targetId.length &&
    id.charCodeAt(sourceId.length) === 45 &&
    id.startsWith(sourceId) &&
    id.endsWith(targetId)
  );
}

function* encodePeople(
  connections: readonly Connection[],
  strings: StringTable,
): Generator<void, CompactPeople, void> {
  const ids = new DeltaColumn();
  const knownBy = new KnownByLists();
  const knownByLists = knownBy.lists;
  const people: CompactPeople = {
    id: ids.values,
    userId: [],
    firstName: [],
    lastName: [],
    company: [],
    position: [],
    email: [],
    linkedinUrl: [],
    avatarUrl: [],
    notes: [],
    industry: [],
    location: [],
    connectionDegree: [],
    yearsConnected: [],
    connectedOn: [],
    createdAt: [],
    flags: [],
    positionInfo: [],
    knownBy: [],
    knownByLists,
    exportHistory: [],
    warmth: [],
  };
  // Plain functions called once a slice: the same loops inside the generator profiled slower.
  for (let from = 0; from < connections.length; from += SLICE_ITEMS) {
    encodePeopleRange(
      connections,
      from,
      Math.min(connections.length, from + SLICE_ITEMS),
      people,
      ids,
      knownBy,
      strings,
    );
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
  strings: StringTable,
): void {
  for (let index = from; index < to; index++) {
    const person = connections[index] as Connection;
    ids.push(CANONICAL_DECIMAL.test(person.id) ? Number(person.id) : person.id);
    people.userId.push(person.userId);
    people.firstName.push(strings.ref(person.firstName));
    people.lastName.push(strings.ref(person.lastName));
    people.company.push(strings.ref(person.company));
    people.position.push(strings.ref(person.position));
    people.email.push(strings.ref(person.email));
    people.linkedinUrl.push(strings.ref(person.linkedinUrl));
    people.avatarUrl.push(strings.ref(person.avatarUrl));
    people.notes.push(strings.ref(person.notes));
    people.industry.push(strings.ref(person.industry));
    people.location.push(strings.ref(person.location));
    people.connectionDegree.push(person.connectionDegree);
    people.yearsConnected.push(person.yearsConnected);
    people.connectedOn.push(strings.ref(person.connectedOn));
    people.createdAt.push(strings.ref(person.createdAt));
    people.flags.push(
      (person.isUser ? FLAG_IS_USER : 0) |
        (person.isTeammate ? FLAG_IS_TEAMMATE : 0) |
        (person.hasWorkedWith ? FLAG_HAS_WORKED_WITH : 0),
    );
    people.positionInfo.push(
      FUNCTION_CATEGORIES.indexOf(person.positionInfo.category) * 16 + person.positionInfo.seniority,
    );
    const list = knownBy.indexOf(person.knownBy);
    people.knownBy.push(list);
    const history = person.exportHistory;
    if (history) {
      people.exportHistory.push([
        index,
        strings.ref(history.absentSince),
        strings.ref(history.previousCompany),
        strings.ref(history.previousPosition),
        strings.ref(history.jobChangedAt),
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

function* encodeLinks(
  relationships: readonly Relationship[],
  count: number,
  indexOf: ReadonlyMap<string, number>,
  strings: StringTable,
): Generator<void, CompactLinks, void> {
  const source = new DeltaColumn();
  const target = new DeltaColumn();
  const links: CompactLinks = {
    source: source.values,
    target: target.values,
    type: [],
    strength: [],
    createdAt: [],
    company: [],
    userId: [],
    id: [],
  };
  for (let from = 0; from < count; from += SLICE_ITEMS) {
    encodeLinksRange(
      relationships,
      from,
      Math.min(count, from + SLICE_ITEMS),
      links,
      source,
      target,
      indexOf,
      strings,
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
  indexOf: ReadonlyMap<string, number>,
  strings: StringTable,
): void {
  for (let i = from; i < to; i++) {
    const link = relationships[i] as Relationship;
    source.push(indexOf.get(link.sourceId) ?? link.sourceId);
    target.push(indexOf.get(link.targetId) ?? link.targetId);
    links.type.push(RELATIONSHIP_TYPES.indexOf(link.type));
    links.strength.push(link.strength);
    links.createdAt.push(strings.ref(link.createdAt));
    links.company.push(strings.ref(link.company));
    links.userId.push(link.userId);
    links.id.push(isDefaultLinkId(link) ? 0 : strings.ref(link.id));
  }
}
