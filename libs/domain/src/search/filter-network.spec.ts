import { describe, expect, it } from '@jest/globals';
import { type Connection } from '@warmpath/contracts';
import { buildConnection, buildRelationship, buildSelf } from '../../test/build-connection.js';
import { emptyArchiveSignals } from '../warmth/archive-signals.js';
import { DEFAULT_FILTERS, type NetworkFilters, effectiveDegree, filterNetwork } from './filter-network.js';

const self = buildSelf({ id: 'u1', company: 'Acme' });
const first = buildConnection({ id: '1', connectionDegree: 1, yearsConnected: 6, company: 'Acme Inc.' });
const second = buildConnection({
  id: '2',
  connectionDegree: 2,
  yearsConnected: null,
  company: 'Globex',
  knownBy: [7],
});
const third = buildConnection({
  id: '3',
  connectionDegree: 3,
  yearsConnected: 1,
  company: 'Initech',
  knownBy: [],
});
const teammate = buildConnection({ id: 'u7', userId: 7, isTeammate: true, connectionDegree: 1, knownBy: [] });
const connections = [self, first, second, third, teammate];
const relationships = [
  buildRelationship({ sourceId: 'u1', targetId: '1', type: 'connection' }),
  buildRelationship({ sourceId: 'u1', targetId: 'u7', type: 'teammate' }),
  buildRelationship({ sourceId: '1', targetId: '2' }),
  buildRelationship({ sourceId: '2', targetId: '3' }),
];

function visibleIds(filters: Partial<NetworkFilters>, people: Connection[] = connections): string[] {
  return filterNetwork(
    { connections: people, relationships },
    { ...DEFAULT_FILTERS, ...filters },
  ).connections.map((c) => c.id);
}

const degrees = (firstDegree: boolean, secondDegree: boolean, thirdDegree: boolean) => ({
  connectionTypes: { firstDegree, secondDegree, thirdDegree },
});

describe('filterNetwork', () => {
  it('shows everyone with the default filters', () => {
    expect(visibleIds({})).toEqual(['u1', '1', '2', '3', 'u7']);
  });

  it('always shows your own node, even with every degree off', () => {
    expect(visibleIds(degrees(false, false, false))).toEqual(['u1']);
  });

  it('hides a degree whose toggle is off', () => {
    expect(visibleIds(degrees(false, true, true))).toEqual(['u1', '2', '3', 'u7']);
    expect(visibleIds(degrees(true, true, false))).toEqual(['u1', '1', '2', 'u7']);
  });

  it('counts teammate nodes as second degree', () => {
    expect(visibleIds(degrees(true, false, true))).toEqual(['u1', '1', '3']);
  });

  it('counts degree 3 and above as third', () => {
    const far = buildConnection({ id: '9', connectionDegree: 3 });
    expect(effectiveDegree({ connectionDegree: 5 })).toBe(3);
    expect(visibleIds(degrees(true, true, false), [self, far])).toEqual(['u1']);
  });

  it('keeps people inside the years range, bounds included, and people whose years are unknown', () => {
    expect(visibleIds({ yearsOfConnectionRange: [1, 5] })).toEqual(['u1', '2', '3', 'u7']);
    expect(visibleIds({ yearsOfConnectionRange: [6, 6] })).toEqual(['u1', '1', '2', 'u7']);
  });

  it('keeps people connected for more than 20 years when the range ends at 20', () => {
    const veteran = buildConnection({ id: '20', yearsConnected: 22 });
    expect(visibleIds({ yearsOfConnectionRange: [0, 20] }, [self, veteran])).toEqual(['u1', '20']);
    expect(visibleIds({ yearsOfConnectionRange: [0, 19] }, [self, veteran])).toEqual(['u1']);
  });

  it('keeps only the selected companies, matching any spelling', () => {
    expect(visibleIds({ selectedCompanies: ['ACME'] })).toEqual(['u1', '1']);
    expect(visibleIds({ selectedCompanies: ['Acme', 'Initech LLC'] })).toEqual(['u1', '1', '3']);
  });

  it("keeps only the chosen member's connections, their own node and yours", () => {
    expect(visibleIds({ filteredByUserId: 7 })).toEqual(['u1', '2', 'u7']);
    expect(visibleIds({ filteredByUserId: 1 })).toEqual(['u1', '1']);
  });

  it('filters by industry and location, ignoring case', () => {
    const people = [
      self,
      buildConnection({ id: 'a', industry: 'Technology', location: 'London' }),
      buildConnection({ id: 'b', industry: 'Finance', location: 'London' }),
      buildConnection({ id: 'c', industry: null, location: null }),
    ];
    expect(visibleIds({ industry: 'technology' }, people)).toEqual(['u1', 'a']);
    expect(visibleIds({ location: 'London' }, people)).toEqual(['u1', 'a', 'b']);
    expect(visibleIds({ industry: 'Finance', location: 'London' }, people)).toEqual(['u1', 'b']);
  });

  it('with "talked in the last 12 months" on, keeps only people messaged either way in the last 365 days', () => {
    const today = new Date('2026-11-26T12:00:00Z');
    const talkedOn = (lastMessageOn: string | null, sent = 3, received = 2) => ({
      ...emptyArchiveSignals(),
      messagesSent: sent,
      messagesReceived: received,
      lastMessageOn,
    });
    const people = [
      self,
      buildConnection({ id: 'recent', signals: talkedOn('2026-10-01') }),
      buildConnection({ id: 'edge', signals: talkedOn('2025-11-26') }),
      buildConnection({ id: 'old', signals: talkedOn('2025-11-25') }),
      buildConnection({ id: 'theirs', signals: talkedOn('2026-11-20', 0, 1) }),
      buildConnection({ id: 'undated', signals: talkedOn(null) }),
      buildConnection({ id: 'endorsed', signals: { ...emptyArchiveSignals(), endorsementsGiven: 2 } }),
      buildConnection({ id: 'none' }),
    ];
    const ids = (on: boolean) =>
      filterNetwork(
        { connections: people, relationships: [] },
        { ...DEFAULT_FILTERS, talkedRecently: on },
        today,
      ).connections.map((c) => c.id);
    expect(ids(true)).toEqual(['u1', 'recent', 'edge', 'theirs']);
    expect(ids(false)).toHaveLength(people.length);
  });

  it('keeps a link only when both of its ends are visible', () => {
    const result = filterNetwork(
      { connections, relationships },
      { ...DEFAULT_FILTERS, ...degrees(true, false, true) },
    );
    expect(result.relationships.map((r) => r.id)).toEqual(['u1-1']);
  });

  it('counts the visible people of each degree, without your own node', () => {
    const result = filterNetwork({ connections, relationships }, DEFAULT_FILTERS);
    expect(result.degreeCounts).toEqual({ first: 1, second: 2, third: 1 });
  });

  it('keeps counting a degree while its toggle is off, so the toggle shows what turning it on gives', () => {
    const result = filterNetwork(
      { connections, relationships },
      { ...DEFAULT_FILTERS, ...degrees(false, false, true) },
    );
    expect(result.degreeCounts).toEqual({ first: 1, second: 2, third: 1 });
  });

  it('counts only people who pass the other filters', () => {
    const result = filterNetwork(
      { connections, relationships },
      { ...DEFAULT_FILTERS, selectedCompanies: ['Globex'] },
    );
    expect(result.degreeCounts).toEqual({ first: 0, second: 1, third: 0 });
  });

  it('handles 30,000 people and 100,000 links in one pass', () => {
    const people = [
      self,
      ...Array.from({ length: 30_000 }, (_, i) =>
        buildConnection({ id: String(i), connectionDegree: 1 + (i % 3) }),
      ),
    ];
    const links = Array.from({ length: 100_000 }, (_, i) =>
      buildRelationship({ sourceId: String(i % 30_000), targetId: String((i * 7919) % 30_000) }),
    );
    const result = filterNetwork(
      { connections: people, relationships: links },
      { ...DEFAULT_FILTERS, ...degrees(true, false, false) },
    );
    expect(result.degreeCounts).toEqual({ first: 10_000, second: 10_000, third: 10_000 });
    expect(result.connections).toHaveLength(10_001);
    expect(
      result.relationships.every((l) => Number(l.sourceId) % 3 === 0 && Number(l.targetId) % 3 === 0),
    ).toBe(true);
  });
});
