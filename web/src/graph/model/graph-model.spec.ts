import { describe, expect, it } from 'vitest';
import { buildGraphModel, companyKey, LINK_COMPANY, LINK_OTHER } from './graph-model';
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
