import {
  FUNCTION_CATEGORIES,
  RELATIONSHIP_TYPES,
  STRENGTH_BAND_VALUES,
  type CompanySummary,
  type Connection,
  type Relationship,
} from '@warmpath/contracts';
import { deriveCompanyLinks } from '../pooling/graph-links.js';
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

/**
 * The compact form back to `{connections, relationships, companies, workspace?}`, equal to what
 * was encoded. People who share a `knownBy` set share its array: treat the result as read-only.
 */
export function decodeNetwork(compact: CompactNetwork): WireNetwork {
  if (compact?.format !== COMPACT_NETWORK_FORMAT || compact.version !== COMPACT_NETWORK_VERSION) {
    throw new Error(
      `Unsupported network encoding ${String(compact?.format)} v${String(compact?.version)} (expected ${COMPACT_NETWORK_FORMAT} v${COMPACT_NETWORK_VERSION})`,
    );
  }
  const { strings } = compact;
  const text = (ref: number): string | null => (ref === 0 ? null : (strings[ref - 1] as string));
  const connections = decodePeople(compact.people, text);
  const relationships = decodeLinks(compact.links, connections, text);
  const derived = compact.derivedCompanyLinks;
  if (derived) {
    const people = connections.filter((person) => !person.isUser && !person.isTeammate);
    const companyLinks = deriveCompanyLinks(people, derived.owner);
    if (companyLinks.length !== derived.count) {
      throw new Error(
        `The network's company links do not derive here (${companyLinks.length} of ${derived.count})`,
      );
    }
    for (const link of companyLinks) relationships.push(link);
  }
  const { name, key, count } = compact.companies;
  const companies = name.map((ref, i): CompanySummary => ({
    name: text(ref) as string,
    key: text(key[i] as number) as string,
    count: count[i] as number,
  }));
  const network: WireNetwork = { connections, relationships, companies };
  if (compact.workspace !== undefined) network.workspace = compact.workspace;
  return network;
}

/** Undoes DeltaColumn: numbers are running sums, texts pass through. */
function undelta(values: readonly DeltaValue[], each: (value: number | string, index: number) => void): void {
  let previous = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as DeltaValue;
    if (typeof value === 'string') each(value, i);
    else {
      previous += value;
      each(previous, i);
    }
  }
}

function decodePeople(people: CompactPeople, text: (ref: number) => string | null): Connection[] {
  const connections: Connection[] = new Array(people.id.length);
  undelta(people.id, (id, i) => {
    const flags = people.flags[i] as number;
    const position = people.positionInfo[i] as number;
    connections[i] = {
      id: String(id),
      userId: people.userId[i] as number,
      firstName: text(people.firstName[i] as number) as string,
      lastName: text(people.lastName[i] as number) as string,
      company: text(people.company[i] as number),
      position: text(people.position[i] as number),
      email: text(people.email[i] as number),
      linkedinUrl: text(people.linkedinUrl[i] as number),
      avatarUrl: text(people.avatarUrl[i] as number),
      notes: text(people.notes[i] as number),
      industry: text(people.industry[i] as number),
      location: text(people.location[i] as number),
      connectionDegree: people.connectionDegree[i] as number,
      yearsConnected: people.yearsConnected[i] as number | null,
      connectedOn: text(people.connectedOn[i] as number),
      createdAt: text(people.createdAt[i] as number) as string,
      isUser: (flags & FLAG_IS_USER) !== 0,
      isTeammate: (flags & FLAG_IS_TEAMMATE) !== 0,
      hasWorkedWith: (flags & FLAG_HAS_WORKED_WITH) !== 0,
      type: 'connection',
      positionInfo: {
        category: FUNCTION_CATEGORIES[position >> 4] as Connection['positionInfo']['category'],
        seniority: position & 15,
      },
      knownBy: people.knownByLists[people.knownBy[i] as number] as number[],
    };
  });
  for (const [index, absentSince, previousCompany, previousPosition, jobChangedAt] of people.exportHistory) {
    (connections[index] as Connection).exportHistory = {
      absentSince: text(absentSince),
      previousCompany: text(previousCompany),
      previousPosition: text(previousPosition),
      jobChangedAt: text(jobChangedAt),
    };
  }
  for (const [index, score, band, signals] of people.warmth ?? []) {
    const person = connections[index] as Connection;
    const strengthBand = STRENGTH_BAND_VALUES[band] as (typeof STRENGTH_BAND_VALUES)[number];
    person.strength = score >= 0 ? { score, band: strengthBand } : { band: strengthBand };
    if (signals) person.signals = signals;
  }
  return connections;
}

function decodeLinks(
  links: CompactLinks,
  connections: readonly Connection[],
  text: (ref: number) => string | null,
): Relationship[] {
  const idOf = (end: number | string) =>
    typeof end === 'string' ? end : (connections[end] as Connection).id;
  const sources: string[] = new Array(links.source.length);
  undelta(links.source, (end, i) => (sources[i] = idOf(end)));
  const relationships: Relationship[] = new Array(links.target.length);
  undelta(links.target, (end, i) => {
    const sourceId = sources[i] as string;
    const targetId = idOf(end);
    const id = links.id[i] as number;
    relationships[i] = {
      id: id === 0 ? `${sourceId}-${targetId}` : (text(id) as string),
      sourceId,
      targetId,
      strength: links.strength[i] as number,
      createdAt: text(links.createdAt[i] as number) as string,
      type: RELATIONSHIP_TYPES[links.type[i] as number] as Relationship['type'],
      company: text(links.company[i] as number),
      userId: links.userId[i] as number,
    };
  });
  return relationships;
}
