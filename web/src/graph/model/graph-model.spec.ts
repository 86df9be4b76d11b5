import { describe, expect, it } from 'vitest';
import { buildGraphModel, companyKey, LINK_COMPANY, LINK_OTHER } from './graph-model';
import { attachLinkEnds } from './link-ends';
import { buildTestGraph, buildTestLink } from './test-graph';

describe('buildGraphModel', () => {
  it('indexes people and finds YOU', () => {
    const model = buildGraphModel(buildTestGraph({ Acme: 2 }));
    expect(model.youIndex).toBe(0);
    expect(model.indexById.get('Acme-1')).toBe(2);
  });

  it('keeps links by endpoint index and tells company links from the others', () => {
    const model = buildGraphModel(buildTestGraph({ Acme: 2 }));
    expect(Array.from(model.linkKinds)).toEqual([LINK_OTHER, LINK_OTHER, LINK_COMPANY]);
    expect([model.linkSources[2], model.linkTargets[2]]).toEqual([1, 2]);
  });

  it('drops links to people who are not in the graph', () => {
    const input = buildTestGraph({ Acme: 1 });
    const model = buildGraphModel({
      ...input,
      relationships: [...input.relationships, buildTestLink('you', 'gone', 'connection')],
    });
    expect(model.linkSources).toHaveLength(1);
  });

  it('takes link ends worked out elsewhere instead of looking ids up, dropping ends outside the list', () => {
    const input = buildTestGraph({ Acme: 2 });
    const byIds = buildGraphModel(input);
    // Ends deliberately different from the ids: the model must follow the ends it was given.
    attachLinkEnds(input.relationships, input.connections, {
      sources: Int32Array.from([2, 0, -1]),
      targets: Int32Array.from([1, 2, 1]),
    });
    const model = buildGraphModel(input);
    expect([...model.linkSources]).toEqual([2, 0]);
    expect([...model.linkTargets]).toEqual([1, 2]);
    expect([...model.relationshipOfLink]).toEqual([0, 1]);
    expect([...byIds.linkSources]).toEqual([0, 0, 1]);
  });

  it('looks ids up when the ends were worked out for another list of people', () => {
    const input = buildTestGraph({ Acme: 2 });
    attachLinkEnds(input.relationships, input.connections.slice(), {
      sources: Int32Array.from([2, 2, 2]),
      targets: Int32Array.from([1, 1, 1]),
    });
    expect([...buildGraphModel(input).linkSources]).toEqual([0, 0, 1]);
  });

  it('ignores ends that do not match the links in number, and looks ids up', () => {
    const input = buildTestGraph({ Acme: 2 });
    attachLinkEnds(input.relationships, input.connections, {
      sources: Int32Array.from([2, 2]),
      targets: Int32Array.from([1, 1]),
    });
    expect([...buildGraphModel(input).linkSources]).toEqual([0, 0, 1]);
  });

  it('groups companies whatever the case and spacing, largest first, most senior first', () => {
    const input = buildTestGraph({ Acme: 3, Globex: 4 });
    input.connections[1].company = '  ACME ';
    const model = buildGraphModel(input);
    expect(model.companies.map((c) => [c.key, c.members.length])).toEqual([
      ['globex', 4],
      ['acme', 3],
    ]);
    expect(model.nodes[model.companies[0].members[0]].positionInfo.seniority).toBe(9);
    expect(model.companyOfNode[model.youIndex]).toBe(-1);
  });

  it('normalises company keys', () => {
    expect(companyKey('  Big   Co ')).toBe('big co');
  });
});
