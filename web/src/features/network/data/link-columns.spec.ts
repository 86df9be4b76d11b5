import type { Relationship } from '@warmpath/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestNetwork } from '../../../lib/testing/connections.testing';
import { fromLinkColumns, linkColumnBuffers, toLinkColumns } from './link-columns';

describe('links as columns', () => {
  const network = buildTestNetwork([
    { firstName: 'Ana', company: 'Acme' },
    { firstName: 'Ben', company: 'Acme' },
    { firstName: 'Chen', company: 'Globex' },
  ]);
  const people = network.connections;
  const indexOfId = (id: string) => {
    const index = people.findIndex((person) => person.id === id);
    return index < 0 ? undefined : index;
  };
  const odd: Relationship = {
    ...network.relationships[0],
    id: 'link-7',
    targetId: 'somebody-gone',
    company: null,
    strength: 0.5,
    userId: 42,
  };
  const links = [...network.relationships, odd];

  it('come back equal to the objects, whatever their ids, companies and ends', () => {
    const back = fromLinkColumns(toLinkColumns(links, 0, links.length, indexOfId), people);
    expect(back).toEqual(links);
  });

  it('carry a slice, each distinct text once, and ends as the people the page holds', () => {
    const columns = toLinkColumns(links, 1, links.length, indexOfId);
    expect(columns.sources).toHaveLength(links.length - 1);
    expect(new Set(columns.texts).size).toBe(columns.texts.length);
    const back = fromLinkColumns(columns, people);
    expect(back).toEqual(links.slice(1));
    expect(back[0].sourceId).toBe(people[indexOfId(links[1].sourceId) as number].id);
    expect(back.at(-1)?.targetId).toBe('somebody-gone');
  });

  it('name every array buffer for the transfer', () => {
    const columns = toLinkColumns(links, 0, links.length, indexOfId);
    expect(linkColumnBuffers(columns)).toHaveLength(8);
    expect(new Set(linkColumnBuffers(columns)).size).toBe(8);
  });
});
