import { toKnowsLink } from '@warmpath/domain';
import { describe, expect, it } from 'vitest';
import { buildTestConnection, buildTestLink } from '../../../lib/testing/connections.testing';
import { joinLinkColumns, LinkTable, toLinkColumns } from '../data/link-columns';
import { columnLinks, linkList } from '../data/network-links';
import {
  flyByCaption,
  knowsLinkWeight,
  NETWORK_GRAPH_OPTIONS,
  PERSON_ATTRIBUTES,
  toGraphData,
} from './graph-adapter';
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
  company: null,
  positionInfo: { category: 'executive', seniority: 9 },
});
const people = [you, mate, ana, cto];
const links = [
  buildTestLink({ id: 'l1', sourceId: 'u1', targetId: '1', type: 'connection' }),
  buildTestLink({ id: 'l2', sourceId: '1', targetId: '2', type: 'company-role' }),
  buildTestLink({ id: 'l3', sourceId: '1', targetId: '2', type: 'company-general' }),
  buildTestLink({ id: 'l4', sourceId: 'u1', targetId: 'u2', type: 'teammate' }),
];
const { node, link } = PERSON_ATTRIBUTES;

describe('the network graph adapter', () => {
  it('reads each person as a node sized by seniority, coloured by category, grouped by company', () => {
    expect(people.map((p) => [node.id(p), node.label(p), node.group(p), node.rank(p), node.role(p)])).toEqual(
      [
        ['u1', 'Ana Silva', 'Acme', 3, 'anchor'],
        ['u2', 'Ana Silva', 'Acme', 3, 'hub'],
        ['1', 'Ana Silva', 'Acme', 6, undefined],
        ['2', 'Ana Silva', null, 9, undefined],
      ],
    );
    expect(people.map(node.color)).toEqual([
      NODE_COLORS.you,
      NODE_COLORS.teammate,
      NODE_COLORS.pastColleague,
      NODE_COLORS.executive,
    ]);
    expect(node.size(you)).toBe(8);
    expect(node.size(cto)).toBeCloseTo(2 + Math.pow(9, 1.3), 6);
    expect(people.map(node.isFeatured)).toEqual([false, false, true, false]);
    expect(node.rank({ ...ana, positionInfo: null as unknown as typeof ana.positionInfo })).toBe(0);
  });

  it('reads company links as the group links and every other link as an other link', () => {
    expect(links.map((l) => [link.id(l), link.source(l), link.target(l), link.kind(l)])).toEqual([
      ['l1', 'u1', '1', 'other'],
      ['l2', '1', '2', 'group'],
      ['l3', '1', '2', 'group'],
      ['l4', 'u1', 'u2', 'other'],
    ]);
  });

  describe("a knows link's weight (its line's width)", () => {
    // The links the server sends: toKnowsLink is what GET /api/network and the pooled graph use.
    const knows = (strength: (typeof ana)['strength'], yearsConnected = 2, hasWorkedWith = false) =>
      toKnowsLink({ ...ana, strength, yearsConnected, hasWorkedWith }, 1);

    it('weighs a tie scored from the archive by its score: strong above medium above weak', () => {
      const strong = link.weight?.(knows({ score: 80, band: 'strong' }));
      const medium = link.weight?.(knows({ score: 30, band: 'medium' }));
      const weak = link.weight?.(knows({ score: 5, band: 'weak' }));
      expect(strong).toBeCloseTo(0.8, 1);
      expect(medium).toBeCloseTo(0.3, 1);
      expect(weak).toBeCloseTo(0.05, 1);
      // The bands' thresholds (40 and 20) land on the same side in weight.
      expect(link.weight?.(knows({ score: 40, band: 'strong' }))).toBeGreaterThanOrEqual(0.395);
      expect(link.weight?.(knows({ score: 19, band: 'weak' }))).toBeLessThan(0.2);
    });

    it('weighs a tie without a score by its years and past work, as the warm path does', () => {
      expect(link.weight?.(knows(undefined, 0))).toBeCloseTo(0, 2);
      expect(link.weight?.(knows(undefined, 5))).toBeCloseTo(0.4, 1);
      expect(link.weight?.(knows(undefined, 10, true))).toBe(1);
    });

    it("shows nothing of a score a member's sharing hides: a band alone weighs as no score", () => {
      const bandOnly = link.weight?.(knows({ band: 'strong' }, 3));
      expect(bandOnly).toBe(link.weight?.(knows(undefined, 3)));
      expect(bandOnly).not.toBe(link.weight?.(knows({ score: 80, band: 'strong' }, 3)));
    });

    it('weighs no company or teammate link, nor a link with no usable strength', () => {
      expect(links.slice(1).map((l) => link.weight?.(l))).toEqual([null, null, null]);
      expect(knowsLinkWeight({ type: 'connection', strength: Number.NaN })).toBeNull();
      expect(knowsLinkWeight({ type: 'connection', strength: 1000 })).toBe(1);
      expect(knowsLinkWeight({ type: 'connection', strength: -5 })).toBe(0);
    });
  });

  it('hands a list of link objects over as it is', () => {
    const data = toGraphData(people, linkList(links));
    expect(data.nodes).toBe(people);
    expect(data.links).toBe(links);
    expect(data.linkColumns ?? null).toBeNull();
  });

  it('hands links held as columns over as columns, read as PERSON_ATTRIBUTES reads their objects', () => {
    // With a strong knows link, so that the weights differ from none.
    const all = [...links, { ...links[0], id: 'u1-2', targetId: '2', strength: 150 }];
    const indexOfId = (id: string) => people.findIndex((person) => person.id === id);
    const table = new LinkTable(joinLinkColumns([toLinkColumns(all, 0, all.length, indexOfId)]), people);
    const viewPeople = [you, ana, cto];
    const indexes = Uint32Array.from([0, 1, 4, 3]);
    const ends = { sources: Int32Array.from([0, 1, 0, 0]), targets: Int32Array.from([1, 2, 2, -1]) };
    const data = toGraphData(viewPeople, columnLinks(table, indexes, ends));
    const columns = data.linkColumns;
    expect(data.links).toEqual([]);
    expect(columns?.sources).toBe(ends.sources);
    expect(columns?.targets).toBe(ends.targets);
    const viewed = Array.from(indexes, (index) => all[index]);
    expect(viewed.map((_, k) => columns?.kind(k))).toEqual(viewed.map(link.kind));
    expect(viewed.map((_, k) => columns?.weight?.(k))).toEqual(viewed.map((l) => link.weight?.(l)));
    expect(viewed.map((_, k) => columns?.id(k))).toEqual(viewed.map(link.id));
    expect(columns?.weight?.(2)).toBeGreaterThan(0);
    // Every link, in order: the table's own link numbers.
    const everyone = toGraphData(people, columnLinks(table, null, ends)).linkColumns;
    expect(all.map((_, k) => everyone?.id(k))).toEqual(all.map(link.id));
  });

  it('folds company names by case and spacing and words the tours for people', () => {
    const { groupKey, captions } = NETWORK_GRAPH_OPTIONS;
    expect(groupKey?.('  Big   CO ')).toBe('big co');
    expect(captions?.anchor).toBe('You are at the center of your network');
    expect(captions?.group?.('Acme', 12)).toBe('Acme: 12 connections');
    expect(captions?.node?.(ana)).toBe('Ana Silva: Software Engineer at Acme');
    expect(flyByCaption({ ...ana, position: null, company: null })).toBe('Ana Silva');
  });
});
