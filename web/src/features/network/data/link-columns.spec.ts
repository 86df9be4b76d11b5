import type { Relationship } from '@warmpath/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestNetwork } from '../../../lib/testing/connections.testing';
import {
  fromLinkColumns,
  joinLinkColumns,
  linkColumnBuffers,
  LinkTable,
  toLinkColumns,
} from './link-columns';

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

  it('keep an id that only looks like its ends joined, and runs of one type, date or company', () => {
    const [first] = network.relationships;
    const lookalikes: Relationship[] = [
      // The same text as `${sourceId}-${targetId}` of other ends, and ids one character off.
      { ...first, id: '1-2-3', sourceId: '1', targetId: '2-3' },
      { ...first, id: '1-2-3', sourceId: '1-2', targetId: '3' },
      { ...first, id: `${first.sourceId}-${first.targetId}x` },
      { ...first, id: `${first.sourceId}_${first.targetId}` },
      { ...first, id: `${first.sourceId}-`, targetId: '' },
      { ...first, type: 'company-role', company: 'Acme', createdAt: '2024-01-01T00:00:00.000Z' },
      { ...first, type: 'company-role', company: 'Acme', createdAt: '2024-01-01T00:00:00.000Z' },
      { ...first, type: 'company-role', company: null, createdAt: '2024-01-02T00:00:00.000Z' },
      { ...first, type: 'company-role', company: 'Acme', createdAt: '2024-01-01T00:00:00.000Z' },
      { ...first, type: 'connection', company: '', createdAt: '' },
    ];
    const columns = toLinkColumns(lookalikes, 0, lookalikes.length, indexOfId);
    expect(fromLinkColumns(columns, people)).toEqual(lookalikes);
    expect([...columns.ids].map((id) => id >= 0)).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(new Set(columns.texts).size).toBe(columns.texts.length);
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

  /** The links in messages of `size`, as the worker posts them (each with a table of texts of its own). */
  const messagesOf = (all: readonly Relationship[], size: number) =>
    Array.from({ length: Math.ceil(all.length / size) }, (_, m) =>
      toLinkColumns(all, m * size, (m + 1) * size, indexOfId),
    );
  const many: Relationship[] = Array.from({ length: 25 }, (_, k) => ({
    ...links[k % links.length],
    // Texts that repeat across messages, and ends nobody has, in several messages.
    id: k % 4 === 0 ? `own-id-${k}` : links[k % links.length].id,
    targetId: k % 5 === 0 ? `gone-${k % 3}` : links[k % links.length].targetId,
    company: k % 3 === 0 ? null : `Co ${k % 2}`,
    strength: k * 7.5,
    userId: k % 2 === 0 ? 1 : 99,
  })).map((link) =>
    link.id.startsWith('own-id') ? link : { ...link, id: `${link.sourceId}-${link.targetId}` },
  );

  it('join into one set of columns that gives back the same objects as every message read alone', () => {
    const expected = messagesOf(many, 4).flatMap((columns) => fromLinkColumns(columns, people));
    expect(expected).toEqual(many);
    const joined = joinLinkColumns(messagesOf(many, 4));
    expect(joined.sources).toHaveLength(many.length);
    expect(new Set(joined.texts).size).toBe(joined.texts.length);
    expect(fromLinkColumns(joined, people)).toEqual(many);
    expect(fromLinkColumns(joinLinkColumns([]), people)).toEqual([]);
  });

  it("join into the same columns, array for array, when each message names the read's link count", () => {
    const before = joinLinkColumns(messagesOf(many, 4));
    for (const total of [many.length, many.length - 5, many.length + 3, 0]) {
      const joined = joinLinkColumns(messagesOf(many, 4), total);
      expect(joined.texts).toEqual(before.texts);
      for (const key of [
        'sources',
        'targets',
        'strengths',
        'userIds',
        'types',
        'createdAt',
        'companies',
        'ids',
      ] as const) {
        expect(joined[key].constructor).toBe(before[key].constructor);
        expect(Array.from(new Uint8Array(joined[key].buffer))).toEqual(
          Array.from(new Uint8Array(before[key].buffer)),
        );
      }
      expect(fromLinkColumns(joined, people)).toEqual(many);
    }
    const none = joinLinkColumns([], 0);
    expect(none.sources).toHaveLength(0);
  });

  it('read as a table: type, strength and id of each link without its object, the objects once', () => {
    const table = new LinkTable(joinLinkColumns(messagesOf(many, 6)), people);
    expect(table.length).toBe(many.length);
    expect(many.map((_, k) => table.type(k))).toEqual(many.map((link) => link.type));
    expect(many.map((_, k) => table.strength(k))).toEqual(many.map((link) => link.strength));
    expect(many.map((_, k) => table.id(k))).toEqual(many.map((link) => link.id));
    const objects = table.objects();
    expect(objects).toEqual(many);
    expect(table.objects()).toBe(objects);
    expect(Object.isFrozen(objects)).toBe(true);
  });
});
