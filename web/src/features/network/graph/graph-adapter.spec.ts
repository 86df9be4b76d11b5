import { describe, expect, it } from 'vitest';
import { buildTestConnection, buildTestLink } from '../../../lib/testing/test-connections';
import { attachLinkEnds } from '../data/link-ends';
import { flyByCaption, NETWORK_GRAPH_OPTIONS, personOf, toGraphData } from './graph-adapter';
import { NODE_COLORS } from './person-style';

const you = buildTestConnection({ id: 'u1', isUser: true, connectionDegree: 0, company: 'Acme' });
const mate = buildTestConnection({ id: 'u2', isTeammate: true, company: 'Acme' });
const ana = buildTestConnection({
  id: '1',
  firstName: 'Ana',
  lastName: 'Silva',
  hasWorkedWith: true,
  positionInfo: { category: 'engineering', seniority: 6 },
});
const cto = buildTestConnection({
  id: '2',
  connectionDegree: 2,
  positionInfo: { category: 'executive', seniority: 9 },
});
const people = [you, mate, ana, cto];
const links = [
  buildTestLink({ id: 'l1', sourceId: 'u1', targetId: '1', type: 'connection' }),
  buildTestLink({ id: 'l2', sourceId: '1', targetId: '2', type: 'company-role' }),
  buildTestLink({ id: 'l3', sourceId: '1', targetId: '2', type: 'company-general' }),
  buildTestLink({ id: 'l4', sourceId: 'u1', targetId: 'u2', type: 'teammate' }),
];

describe('the network graph adapter', () => {
  it('draws each person sized by seniority, coloured by category, grouped by company', () => {
    const { nodes } = toGraphData(people, links);
    expect(nodes.map((node) => [node.id, node.label, node.group, node.rank, node.role])).toEqual([
      ['u1', 'Ana Silva', 'Acme', 3, 'anchor'],
      ['u2', 'Ana Silva', 'Acme', 3, 'hub'],
      ['1', 'Ana Silva', 'Acme', 6, undefined],
      ['2', 'Ana Silva', 'Acme', 9, undefined],
    ]);
    expect(nodes.map((node) => node.color)).toEqual([
      NODE_COLORS.you,
      NODE_COLORS.teammate,
      NODE_COLORS.pastColleague,
      NODE_COLORS.executive,
    ]);
    expect(nodes[0].size).toBe(8);
    expect(nodes[3].size).toBeCloseTo(2 + Math.pow(9, 1.3), 6);
    expect(nodes.map((node) => node.isFeatured)).toEqual([false, false, true, false]);
  });

  it('makes company links the group links and every other link an other link', () => {
    const { links: graphLinks } = toGraphData(people, links);
    expect(graphLinks.map((link) => [link.id, link.source, link.target, link.kind])).toEqual([
      ['l1', 'u1', '1', 'other'],
      ['l2', '1', '2', 'group'],
      ['l3', '1', '2', 'group'],
      ['l4', 'u1', 'u2', 'other'],
    ]);
  });

  it('hands on the link ends the data worker found for exactly these lists, else none', () => {
    const viewPeople = people.slice();
    const viewLinks = links.slice();
    const ends = { sources: Int32Array.from([0, 2, 2, 0]), targets: Int32Array.from([2, 3, 3, 1]) };
    attachLinkEnds(viewLinks, viewPeople, ends);
    expect(toGraphData(viewPeople, viewLinks).linkEnds).toBe(ends);
    expect(toGraphData(people, viewLinks).linkEnds).toBeNull();
    expect(toGraphData(viewPeople, links).linkEnds).toBeNull();
  });

  it('gives back the person behind a node the engine names', () => {
    const { nodes } = toGraphData(people, links);
    expect(personOf(nodes[2])).toBe(ana);
  });

  it('folds company names by case and spacing and words the tours for people', () => {
    const { groupKey, captions } = NETWORK_GRAPH_OPTIONS;
    expect(groupKey?.('  Big   CO ')).toBe('big co');
    expect(captions?.anchor).toBe('You are at the center of your network');
    expect(captions?.group?.('Acme', 12)).toBe('Acme: 12 connections');
    expect(captions?.node?.(toGraphData(people, links).nodes[2])).toBe(
      'Ana Silva: Software Engineer at Acme',
    );
    expect(flyByCaption({ ...ana, position: null, company: null })).toBe('Ana Silva');
  });
});
