import { describe, expect, it } from '@jest/globals';
import type { Connection, NetworkData, SharingLevel } from '@warmpath/contracts';
import { buildConnection, buildRelationship, buildSelf } from '../../test/build-connection.js';
import { deriveCompanyLinks, toKnowsLink } from '../pooling/graph-links.js';
import { poolNetwork, type PoolMember } from '../pooling/pool-network.js';
import { topCompanies } from '../search/search-connections.js';
import { COMPACT_NETWORK_VERSION, type WireNetwork } from './compact-network.js';
import { decodeNetwork } from './decode-network.js';
import { encodeNetwork, type EncodeOptions } from './encode-network.js';

/** What a browser gets either way: the JSON as sent, and the compact form decoded after the wire. */
const asSent = (network: WireNetwork): unknown => JSON.parse(JSON.stringify(network));
const roundTrip = (network: WireNetwork, options?: EncodeOptions): unknown =>
  decodeNetwork(JSON.parse(JSON.stringify(encodeNetwork(network, options))));

const companies = ['Globex', 'Acme, Inc.', 'Zürich Versicherung', '株式会社テスト', null];
const titles = ['CEO', 'Software Engineer', 'Senior Engineer', 'Sales Manager', 'Recruiter', null];

/** An own network as the network service builds it: you, your people, knows then company links. */
function ownNetwork(count: number): NetworkData {
  const self = buildSelf({ email: 'you@example.com', createdAt: '2025-05-05T10:00:00.000Z' });
  const people = Array.from({ length: count }, (_, i) =>
    buildConnection({
      id: String(1000 + i * 3),
      firstName: ['José', 'Zoë', 'Ana', '李', 'Ben'][i % 5] as string,
      lastName: `Núñez ${i % 7} 🚀`,
      company: companies[i % companies.length] ?? null,
      position: titles[i % titles.length] ?? null,
      email: i % 4 === 0 ? `p${i}@example.com` : null,
      linkedinUrl: i % 2 === 0 ? `https://www.linkedin.com/in/p${i}` : null,
      notes: i === 3 ? 'Met at "the" conference\nline two' : null,
      industry: i % 3 === 0 ? 'Software' : null,
      location: i % 5 === 0 ? 'Lisboa' : null,
      yearsConnected: i % 6 === 0 ? null : i % 11,
      connectedOn: i % 6 === 0 ? null : `20${10 + (i % 11)}-03-0${1 + (i % 8)}`,
      createdAt: `2026-01-0${1 + (i % 3)}T00:00:00.000Z`,
      hasWorkedWith: i % 9 === 0,
      ...(i % 10 === 1
        ? {
            exportHistory: {
              absentSince: i % 20 === 1 ? '2026-02-01T00:00:00.000Z' : null,
              previousCompany: 'Initech',
              previousPosition: null,
              jobChangedAt: '2026-01-15T00:00:00.000Z',
            },
          }
        : {}),
    }),
  );
  return {
    connections: [self, ...people],
    relationships: [...people.map((p) => toKnowsLink(p, 1)), ...deriveCompanyLinks(people, 1)],
    companies: topCompanies(people, Number.MAX_SAFE_INTEGER),
  };
}

const userNode = (userId: number, firstName: string): Connection =>
  buildConnection({
    id: `u${userId}`,
    userId,
    firstName,
    lastName: 'Member',
    email: `${firstName.toLowerCase()}@example.com`,
    isUser: true,
    connectionDegree: 0,
    knownBy: [],
  });

const member = (userId: number, name: string, people: Connection[], sharing: SharingLevel): PoolMember => ({
  node: userNode(userId, name),
  sharing,
  people,
});

/** A workspace of four: you, Ana (e-mails), Carl (names only), Dee (counts only), overlapping. */
function pooledNetwork(): WireNetwork {
  const own = ownNetwork(30).connections.slice(1);
  const theirs = (owner: number, from: number) =>
    own.slice(from, from + 15).map((person, i) =>
      buildConnection({
        ...person,
        id: String(owner * 10_000 + i),
        userId: owner,
        email: `${owner}.${i}@example.com`,
        linkedinUrl: person.linkedinUrl ?? `https://linkedin.com/in/${owner}-${i}`,
        notes: 'their own note',
        yearsConnected: owner,
        knownBy: [owner],
      }),
    );
  const pooled = poolNetwork(1, [
    member(2, 'Ana', theirs(2, 10), 'emails'),
    member(1, 'You', own.slice(0, 20), 'names'),
    member(3, 'Carl', theirs(3, 18), 'names'),
    member(4, 'Dee', theirs(4, 5), 'counts'),
  ]);
  return {
    connections: [pooled.self, ...pooled.teammates, ...pooled.people],
    relationships: [...pooled.knowsLinks, ...pooled.teammateLinks, ...pooled.companyLinks],
    companies: pooled.companies,
    workspace: { teamId: 7, members: pooled.members, otherCompanyPeople: pooled.otherCompanyPeople },
  };
}

describe('encodeNetwork / decodeNetwork', () => {
  it('gives back the own network exactly, company links derived instead of sent', () => {
    const network = ownNetwork(60);
    const encoded = encodeNetwork(network, { companyLinksOwner: 1 });
    expect(encoded.derivedCompanyLinks?.count).toBeGreaterThan(0);
    expect(encoded.links.type).toHaveLength(60);
    expect(roundTrip(network, { companyLinksOwner: 1 })).toStrictEqual(asSent(network));
  });

  it('gives back a pooled network exactly: teammates, knownBy, sharing tiers and the workspace', () => {
    const network = pooledNetwork();
    const decoded = roundTrip(network, { companyLinksOwner: 1 }) as WireNetwork;
    expect(decoded).toStrictEqual(asSent(network));
    const teammates = decoded.connections.filter((person) => person.isTeammate);
    expect(teammates.map((t) => [t.id, t.email])).toEqual([
      ['u2', 'ana@example.com'],
      ['u3', null],
      ['u4', null],
    ]);
    const onlyCarls = decoded.connections.filter((p) => p.knownBy.join() === '3');
    expect(onlyCarls.length).toBeGreaterThan(0);
    for (const person of onlyCarls) {
      expect(person).toMatchObject({ email: null, notes: null, connectionDegree: 2 });
    }
    expect(decoded.connections.some((p) => p.knownBy.length > 1)).toBe(true);
    expect(decoded.relationships.some((link) => link.type === 'teammate')).toBe(true);
  });

  it('sends every link when no owner is given, keeping ids and ends that are not the usual ones', () => {
    const network = ownNetwork(12);
    network.relationships.push(
      buildRelationship({ id: 'custom-id', sourceId: '1003', targetId: 'not-a-node', type: 'company-group' }),
      buildRelationship({ sourceId: 'elsewhere', targetId: 'u1', type: 'connection', strength: 94.5 }),
    );
    const encoded = encodeNetwork(network);
    expect(encoded.derivedCompanyLinks).toBeNull();
    expect(roundTrip(network)).toStrictEqual(asSent(network));
  });

  it('keeps ids that are no plain decimal number as text', () => {
    const people = ['007', '0', '123456789012345678901', '42', 'abc'].map((id) => buildConnection({ id }));
    const network: NetworkData = {
      connections: people,
      relationships: [buildRelationship({ sourceId: '123456789012345678901', targetId: '007' })],
      companies: [],
    };
    expect(roundTrip(network)).toStrictEqual(asSent(network));
  });

  it('round-trips an empty network, with and without a workspace', () => {
    const empty: NetworkData = { connections: [], relationships: [], companies: [] };
    expect(roundTrip(empty, { companyLinksOwner: 1 })).toStrictEqual(empty);
    const workspace = { ...empty, workspace: { teamId: 3, members: [] } };
    expect(roundTrip(workspace)).toStrictEqual(workspace);
  });

  it('writes each text once', () => {
    const encoded = encodeNetwork(ownNetwork(40), { companyLinksOwner: 1 });
    expect(new Set(encoded.strings).size).toBe(encoded.strings.length);
    expect(encoded.strings.filter((text) => text === 'Globex')).toHaveLength(1);
  });

  it('refuses to derive company links that are not all at the end', () => {
    const network = ownNetwork(10);
    network.relationships.reverse();
    expect(() => encodeNetwork(network, { companyLinksOwner: 1 })).toThrow(
      'Company links to derive must come after every other link',
    );
  });

  it('refuses a network whose company links do not derive to what was sent', () => {
    const network = ownNetwork(20);
    const encoded = encodeNetwork(network, { companyLinksOwner: 1 });
    const count = encoded.derivedCompanyLinks?.count ?? 0;
    encoded.derivedCompanyLinks = { owner: 1, count: count + 1 };
    expect(() => decodeNetwork(encoded)).toThrow(
      `The network's company links do not derive here (${count} of ${count + 1})`,
    );
  });

  it('refuses another format or version', () => {
    const encoded = encodeNetwork(ownNetwork(2));
    expect(() => decodeNetwork({ ...encoded, version: COMPACT_NETWORK_VERSION + 1 })).toThrow(
      `Unsupported network encoding warmpath.network v${COMPACT_NETWORK_VERSION + 1}`,
    );
    expect(() => decodeNetwork(null as never)).toThrow('Unsupported network encoding undefined');
  });
});
