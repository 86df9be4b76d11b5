import { describe, expect, it } from 'vitest';
import { drain } from '../sliced-task';
import type { GraphAttributes, GraphData, GraphLinkColumns } from './graph-input';
import {
  buildGraphModel,
  buildGraphModelSteps,
  decodeLinkWeight,
  LINK_GROUP,
  LINK_OTHER,
  NO_LINK_WEIGHT,
  opaque,
} from './graph-model';
import { buildTestGraph, buildTestLink, foldGroup, plainNodes } from './graph.testing';

describe('buildGraphModel', () => {
  it('indexes nodes and finds the anchor', () => {
    const model = buildGraphModel(buildTestGraph({ Acme: 2 }));
    expect(model.anchorIndex).toBe(0);
    expect(model.indexById.get('Acme-1')).toBe(2);
  });

  it('keeps links by endpoint index and tells group links from the others', () => {
    const model = buildGraphModel(buildTestGraph({ Acme: 2 }));
    expect(Array.from(model.linkKinds)).toEqual([LINK_OTHER, LINK_OTHER, LINK_GROUP]);
    expect([model.linkSources[2], model.linkTargets[2]]).toEqual([1, 2]);
  });

  it("carries each link's weight in one byte, and none for links without one", () => {
    const input = buildTestGraph({ Acme: 2 });
    // you→Acme-0, you→Acme-1, Acme-0→Acme-1
    input.links[0] = { ...input.links[0], weight: 1 };
    input.links[1] = { ...input.links[1], weight: 0.25 };
    const model = buildGraphModel(input);
    expect(model.linkWeights).toBeInstanceOf(Uint8Array);
    expect([...model.linkWeights].map(decodeLinkWeight)).toEqual([1, expect.closeTo(0.25, 2), null]);
    expect(model.linkWeights[2]).toBe(NO_LINK_WEIGHT);
  });

  it('keeps a weight of 0 apart from no weight, clamps weights outside 0..1 and ignores NaN', () => {
    const input = buildTestGraph({ Acme: 2 });
    input.links[0] = { ...input.links[0], weight: 0 };
    input.links[1] = { ...input.links[1], weight: 7 };
    input.links[2] = { ...input.links[2], weight: Number.NaN };
    const model = buildGraphModel(input);
    expect([...model.linkWeights].map(decodeLinkWeight)).toEqual([0, 1, null]);
  });

  it('keeps a weight with its own link when a link before it is dropped', () => {
    const input = buildTestGraph({ Acme: 1 });
    const model = buildGraphModel({
      ...input,
      links: [buildTestLink('you', 'gone', 'other'), { ...input.links[0], weight: 0.5 }],
    });
    expect(model.linkWeights).toHaveLength(1);
    expect(decodeLinkWeight(model.linkWeights[0])).toBeCloseTo(0.5, 2);
  });

  it('drops links to nodes that are not in the graph', () => {
    const input = buildTestGraph({ Acme: 1 });
    const model = buildGraphModel({
      ...input,
      links: [...input.links, buildTestLink('you', 'gone', 'other')],
    });
    expect(model.linkSources).toHaveLength(1);
  });

  it('takes link ends worked out elsewhere instead of looking ids up, dropping ends outside the list', () => {
    const input = buildTestGraph({ Acme: 2 });
    const byIds = buildGraphModel(input);
    // Ends deliberately different from the ids: the model must follow the ends it was given.
    const model = buildGraphModel({
      ...input,
      linkEnds: { sources: Int32Array.from([2, 0, -1]), targets: Int32Array.from([1, 2, 1]) },
    });
    expect([...model.linkSources]).toEqual([2, 0]);
    expect([...model.linkTargets]).toEqual([1, 2]);
    expect([...model.inputLinkOf]).toEqual([0, 1]);
    expect([...byIds.linkSources]).toEqual([0, 0, 1]);
  });

  it('ignores ends that do not match the links in number, and looks ids up', () => {
    const input = buildTestGraph({ Acme: 2 });
    const linkEnds = { sources: Int32Array.from([2, 2]), targets: Int32Array.from([1, 1]) };
    expect([...buildGraphModel({ ...input, linkEnds }).linkSources]).toEqual([0, 0, 1]);
  });

  it('groups nodes by their folded group name, largest first, highest rank first', () => {
    const input = buildTestGraph({ Acme: 3, Globex: 4 });
    input.nodes[1] = { ...input.nodes[1], group: '  ACME ' };
    const model = buildGraphModel(input, foldGroup);
    expect(model.groups.map((c) => [c.key, c.members.length])).toEqual([
      ['globex', 4],
      ['acme', 3],
    ]);
    expect(plainNodes(model)[model.groups[0].members[0]].rank).toBe(9);
    // A group is named as its first member spells it.
    expect(model.groups[1].name).toBe('ACME');
    expect(model.groupOfNode[model.anchorIndex]).toBe(-1);
  });

  it('keeps names apart that differ in case when given no way to fold them', () => {
    const input = buildTestGraph({ Acme: 1, acme: 1 });
    expect(buildGraphModel(input).groups).toHaveLength(2);
  });

  it('takes the first anchor and lists the hubs in node order', () => {
    const input = buildTestGraph({ Acme: 2 });
    input.nodes.push({ ...input.nodes[1], id: 'h', role: 'hub' }, { ...input.nodes[0], id: 'y2' });
    const model = buildGraphModel(input);
    expect(model.anchorIndex).toBe(0);
    expect([...model.hubs]).toEqual([3]);
    expect(model.groupOfNode[4]).toBe(-1);
  });

  it("reads an app's own objects through its attributes, copying none of them", () => {
    interface Player {
      handle: string;
      club: string | null;
      caps: number;
      isCaptain: boolean;
    }
    interface Pass {
      from: string;
      to: string;
      isInClub: boolean;
    }
    const players: Player[] = [
      { handle: 'cap', club: null, caps: 0, isCaptain: true },
      { handle: 'a', club: 'Reds', caps: 2, isCaptain: false },
      { handle: 'b', club: 'Reds', caps: 9, isCaptain: false },
    ];
    const passes: Pass[] = [
      { from: 'cap', to: 'a', isInClub: false },
      { from: 'a', to: 'b', isInClub: true },
    ];
    const attributes: GraphAttributes<Player, Pass> = {
      node: {
        id: (p) => p.handle,
        label: (p) => p.handle,
        size: (p) => p.caps + 1,
        color: () => 0xffffff,
        group: (p) => p.club,
        rank: (p) => p.caps,
        role: (p) => (p.isCaptain ? 'anchor' : undefined),
        isFeatured: () => false,
      },
      link: {
        id: (pass) => `${pass.from}>${pass.to}`,
        source: (pass) => pass.from,
        target: (pass) => pass.to,
        kind: (pass) => (pass.isInClub ? 'group' : 'other'),
      },
    };
    const model = drain(
      buildGraphModelSteps({ nodes: players, links: passes }, (g) => g, opaque(attributes)),
    );
    expect(model.nodes).toBe(players);
    expect(model.anchorIndex).toBe(0);
    expect([...model.linkKinds]).toEqual([LINK_OTHER, LINK_GROUP]);
    // Readers without `weight` weigh no link: the links look as they always did.
    expect([...model.linkWeights]).toEqual([NO_LINK_WEIGHT, NO_LINK_WEIGHT]);
    expect(model.groups.map((g) => [g.name, [...g.members]])).toEqual([['Reds', [2, 1]]]);
  });

  it('builds the same model from link columns as from the link objects, reading no link object', () => {
    const input = buildTestGraph({ Acme: 40, Globex: 30, '': 20 });
    // Weights, a link to nobody, a loop and a link id of its own, as in the objects.
    input.links[0] = { ...input.links[0], weight: 0.25 };
    input.links[5] = { ...input.links[5], weight: Number.NaN, id: 'odd' };
    input.links.push(buildTestLink('you', 'gone', 'other'), buildTestLink('Acme-1', 'Acme-1', 'group'));
    const byObjects = buildGraphModel(input, foldGroup);
    const indexOf = new Map(input.nodes.map((node, index) => [node.id, index]));
    const { links } = input;
    const linkColumns: GraphLinkColumns = {
      sources: Int32Array.from(links, (link) => indexOf.get(link.source) ?? -1),
      targets: Int32Array.from(links, (link) => indexOf.get(link.target) ?? -1),
      kind: (k) => links[k].kind,
      weight: (k) => links[k].weight,
      id: (k) => links[k].id,
    };
    const byColumns = buildGraphModel({ nodes: input.nodes, links: [], linkColumns } as GraphData, foldGroup);
    for (const field of ['linkSources', 'linkTargets', 'linkKinds', 'linkWeights', 'inputLinkOf'] as const)
      expect([...byColumns[field]]).toEqual([...byObjects[field]]);
    expect(byColumns.linkSources.length).toBe(links.length - 2);
    // The node index is left for after the first frame, and answers as the objects' model's.
    expect(byColumns.indexById.isBuilt).toBe(false);
    expect([byColumns.anchorIndex, [...byColumns.hubs]]).toEqual([
      byObjects.anchorIndex,
      [...byObjects.hubs],
    ]);
    for (const node of input.nodes)
      expect(byColumns.indexById.get(node.id)).toBe(byObjects.indexById.get(node.id));
    expect(byColumns.groups).toEqual(byObjects.groups);
    expect([...byColumns.groupOfNode]).toEqual([...byObjects.groupOfNode]);
    const ids = (model: typeof byObjects) => [...model.inputLinkOf].map((k) => model.linkId(k));
    expect(ids(byColumns)).toEqual(ids(byObjects));
    expect(ids(byColumns)).toContain('odd');
  });

  it('takes no weight from columns without a weight reader', () => {
    const input = buildTestGraph({ Acme: 2 });
    const linkColumns: GraphLinkColumns = {
      sources: Int32Array.from([0, 0, 1]),
      targets: Int32Array.from([1, 2, 2]),
      kind: (k) => (k === 2 ? 'group' : 'other'),
      id: (k) => `link-${k}`,
    };
    const model = buildGraphModel({ nodes: input.nodes, links: [], linkColumns });
    expect([...model.linkKinds]).toEqual([LINK_OTHER, LINK_OTHER, LINK_GROUP]);
    expect([...model.linkWeights]).toEqual([NO_LINK_WEIGHT, NO_LINK_WEIGHT, NO_LINK_WEIGHT]);
    expect(model.linkId(1)).toBe('link-1');
  });
});
