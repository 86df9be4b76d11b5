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
  const strings = new StringTable();
  const { connections, relationships } = network;
  const explicitCount =
    options.companyLinksOwner === undefined ? relationships.length : companyLinksStart(relationships);
  const indexOf = new Map<string, number>();
  connections.forEach((person, index) => indexOf.set(person.id, index));
  const encoded: CompactNetwork = {
    format: COMPACT_NETWORK_FORMAT,
    version: COMPACT_NETWORK_VERSION,
    strings: strings.strings,
    people: encodePeople(connections, strings),
    links: encodeLinks(relationships, explicitCount, indexOf, strings),
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
 * A key naming a knownBy list: the user id itself for a list of one (most people, no string
 * made), the ids joined by commas otherwise. A number never equals a string key.
 */
const knownByKeyOf = (knownBy: readonly number[]): string | number =>
  knownBy.length === 1 ? (knownBy[0] as number) : knownBy.join(',');

/** `link.id === \`${sourceId}-${targetId}\`` without building that string for every link. */
function isDefaultLinkId({ id, sourceId, targetId }: Relationship): boolean {
  return (
    id.length === sourceId.length + 1 + targetId.length &&
    id.charCodeAt(sourceId.length) === 45 &&
    id.startsWith(sourceId) &&
    id.endsWith(targetId)
  );
}

function encodePeople(connections: readonly Connection[], strings: StringTable): CompactPeople {
  const ids = new DeltaColumn();
  const knownByLists: number[][] = [];
  const knownByIndex = new Map<string | number, number>();
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
  connections.forEach((person, index) => {
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
    const knownByKey = knownByKeyOf(person.knownBy);
    let list = knownByIndex.get(knownByKey);
    if (list === undefined) {
      list = knownByLists.length;
      knownByLists.push([...person.knownBy]);
      knownByIndex.set(knownByKey, list);
    }
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
  });
  return people;
}

function encodeLinks(
  relationships: readonly Relationship[],
  count: number,
  indexOf: ReadonlyMap<string, number>,
  strings: StringTable,
): CompactLinks {
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
  for (let i = 0; i < count; i++) {
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
  return links;
}
