import { describe, expect, it } from 'vitest';
import { drain } from '../sliced-task';
import type { GraphAttributes } from './graph-input';
import { buildGraphModel, buildGraphModelSteps, LINK_GROUP, LINK_OTHER, opaque } from './graph-model';
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
    expect(model.groups.map((g) => [g.name, [...g.members]])).toEqual([['Reds', [2, 1]]]);
  });
});
