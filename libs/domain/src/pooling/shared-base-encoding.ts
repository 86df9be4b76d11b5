import { RELATIONSHIP_TYPES, type Connection, type Relationship } from '@warmpath/contracts';
import {
  COMPACT_NETWORK_FORMAT,
  COMPACT_NETWORK_VERSION,
  type CompactLinks,
  type CompactNetwork,
  type DeltaValue,
} from '../network-codec/compact-network.js';
import {
  ColumnRefs,
  linkColumns,
  DeltaColumn,
  encodeLinks,
  encodePeople,
  isDefaultLinkId,
  SLICE_ITEMS,
  StringTable,
} from '../network-codec/encode-network.js';
import type { PooledPerson } from './pooled-person-memo.js';
import { baseCompanies, baseMemberNodes, baseWorkspace, SLICE_PEOPLE } from './shared-base.js';
import type { SharedPool } from './shared-pool.js';
import { runToEnd, type Slices } from './slices.js';

/**
 * `encodeNetwork(baseNetwork(shared, teamId))`, the same compact form, written from the shared
 * pool (docs/workspace-network.md "The base's compact form, written from the pool"): the people
 * columns from each shown person's node; the link columns from each person's knows links, whose
 * target is that person's node and whose source is their member's node, both indexes known, so
 * no link end is looked up in a map of every node id. An end that is not where the pool puts it
 * is looked up as encodeNetwork does; when two nodes share an id, every link is encoded as
 * encodeNetwork does.
 */
export function encodeBase(shared: SharedPool, teamId: number): CompactNetwork {
  return runToEnd(encodeBaseInSlices(shared, teamId));
}

/** encodeBase in slices: it pauses every few thousand people and links (runSliced in the service). */
export function* encodeBaseInSlices(shared: SharedPool, teamId: number): Slices<CompactNetwork> {
  const strings = new StringTable();
  const connections = baseMemberNodes(shared);
  const members = connections.length;
  const persons = shared.persons;
  let linkCount = 0;
  for (let from = 0; from < persons.length; from += SLICE_PEOPLE) {
    const to = Math.min(persons.length, from + SLICE_PEOPLE);
    for (let group = from; group < to; group++) {
      const person = persons[group] as PooledPerson;
      if (!person.node) continue;
      connections.push(person.node);
      linkCount += person.knowsLinks.length;
    }
    yield;
  }
  const people = yield* encodePeople(connections, strings);
  const links = distinctIds(people.id)
    ? yield* encodeKnowsLinks(shared, connections, members, linkCount, strings)
    : yield* encodeLinks(knowsLinksOf(persons), linkCount, connections, strings);
  const companies = baseCompanies(shared);
  return {
    format: COMPACT_NETWORK_FORMAT,
    version: COMPACT_NETWORK_VERSION,
    strings: strings.strings,
    people,
    links,
    derivedCompanyLinks: null,
    companies: {
      name: companies.map((company) => strings.ref(company.name)),
      key: companies.map((company) => strings.ref(company.key)),
      count: companies.map((company) => company.count),
    },
    workspace: baseWorkspace(teamId),
  };
}

/**
 * Whether no two nodes share an id, read from the encoded id column (decimal ids as deltas, the
 * others as text): a set of numbers, far cheaper than a map of every id text.
 */
function distinctIds(ids: readonly DeltaValue[]): boolean {
  const numbers = new Set<number>();
  const texts = new Set<string>();
  let id = 0;
  for (const value of ids) {
    if (typeof value === 'string') {
      if (texts.has(value)) return false;
      texts.add(value);
      continue;
    }
    id += value;
    if (numbers.has(id)) return false;
    numbers.add(id);
  }
  return true;
}

/** Every shown person's knows links in the base's order (only when node ids repeat). */
function knowsLinksOf(persons: readonly PooledPerson[]): Relationship[] {
  const relationships: Relationship[] = [];
  for (const person of persons)
    if (person.node) for (const link of person.knowsLinks) relationships.push(link);
  return relationships;
}

/** Where each link end is found: by the pool's layout, or else in a map of every node id. */
class KnowsEnds {
  private readonly memberAt = new Map<number, number>();
  private indexOf: Map<string, number> | null = null;

  constructor(
    private readonly connections: readonly Connection[],
    members: number,
  ) {
    for (let index = 0; index < members; index++)
      this.memberAt.set((connections[index] as Connection).userId, index);
  }

  /** The link's member's node, when that is its source (every knows link the pool makes). */
  source(link: Relationship): DeltaValue {
    const index = this.memberAt.get(link.userId);
    if (index !== undefined && (this.connections[index] as Connection).id === link.sourceId) return index;
    return this.lookUp(link.sourceId);
  }

  target(link: Relationship, node: Connection, index: number): DeltaValue {
    return link.targetId === node.id ? index : this.lookUp(link.targetId);
  }

  /** encodeNetwork's answer for any other end: the node with that id, or the id as text. */
  private lookUp(id: string): DeltaValue {
    if (!this.indexOf) {
      this.indexOf = new Map();
      this.connections.forEach((node, index) => this.indexOf?.set(node.id, index));
    }
    return this.indexOf.get(id) ?? id;
  }
}

/** The link columns of an encoding (encodeLinks's). */
interface LinkColumns {
  readonly links: CompactLinks;
  readonly source: DeltaColumn;
  readonly target: DeltaColumn;
  readonly ends: KnowsEnds;
  readonly createdAt: ColumnRefs;
  readonly company: ColumnRefs;
  readonly strings: StringTable;
  /** The next link's index, and the last link type met with its RELATIONSHIP_TYPES index. */
  at: number;
  type: string | null;
  typeIndex: number;
}

function* encodeKnowsLinks(
  shared: SharedPool,
  connections: readonly Connection[],
  members: number,
  count: number,
  strings: StringTable,
): Slices<CompactLinks> {
  const source = new DeltaColumn();
  const target = new DeltaColumn();
  const columns: LinkColumns = {
    links: linkColumns(source, target, count),
    source,
    target,
    ends: new KnowsEnds(connections, members),
    createdAt: new ColumnRefs(strings),
    company: new ColumnRefs(strings),
    strings,
    at: 0,
    type: null,
    typeIndex: -1,
  };
  const persons = shared.persons;
  let node = members;
  for (let group = 0; group < persons.length;) {
    // About SLICE_ITEMS links between two pauses, as encodeNetwork's.
    const end = columns.at + SLICE_ITEMS;
    for (; group < persons.length && columns.at < end; group++) {
      const person = persons[group] as PooledPerson;
      if (!person.node) continue;
      encodePersonLinks(person, node++, columns);
    }
    yield;
  }
  return columns.links;
}

/** One person's knows links, in order: the same text refs in the same order as encodeLinks. */
function encodePersonLinks(person: PooledPerson, index: number, columns: LinkColumns): void {
  const node = person.node as Connection;
  const { links, ends } = columns;
  for (const link of person.knowsLinks) {
    const i = columns.at++;
    columns.source.push(ends.source(link));
    columns.target.push(ends.target(link, node, index));
    if (link.type !== columns.type) {
      columns.type = link.type;
      columns.typeIndex = RELATIONSHIP_TYPES.indexOf(link.type);
    }
    links.type[i] = columns.typeIndex;
    links.strength[i] = link.strength;
    links.createdAt[i] = columns.createdAt.ref(link.createdAt);
    links.company[i] = columns.company.ref(link.company);
    links.userId[i] = link.userId;
    links.id[i] = isDefaultLinkId(link) ? 0 : columns.strings.ref(link.id);
  }
}
