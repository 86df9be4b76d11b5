import { describe, expect, it } from 'vitest';
import { buildTestNetwork } from '../../../lib/testing/connections.testing';
import { joinLinkColumns, LinkTable, toLinkColumns } from './link-columns';
import { columnLinks, isSameLinkList, linkList, NO_LINKS } from './network-links';

describe('the links of a network view', () => {
  const network = buildTestNetwork([
    { firstName: 'Ana', company: 'Acme' },
    { firstName: 'Ben', company: 'Acme' },
    { firstName: 'Chen', company: 'Acme' },
  ]);
  const people = network.connections;
  const links = network.relationships;
  const indexOfId = (id: string) => people.findIndex((person) => person.id === id);
  const tableOf = () =>
    new LinkTable(joinLinkColumns([toLinkColumns(links, 0, links.length, indexOfId)]), people);
  const ends = { sources: new Int32Array(0), targets: new Int32Array(0) };

  it('make their objects only when asked, equal to the network held as objects', () => {
    const table = tableOf();
    const all = columnLinks(table, null, ends);
    expect(all.length).toBe(links.length);
    expect(all.toArray()).toEqual(links);
    expect(all.toArray()).toBe(table.objects());
    const some = columnLinks(table, Uint32Array.from([2, 0]), ends);
    expect(some.length).toBe(2);
    expect(some.toArray()).toEqual([links[2], links[0]]);
    expect(some.toArray()[1]).toBe(table.objects()[0]);
  });

  it('tell the same links in the same order from others, columns or objects', () => {
    const table = tableOf();
    const some = (...indexes: number[]) => columnLinks(table, Uint32Array.from(indexes), ends);
    expect(isSameLinkList(some(0, 1), some(0, 1))).toBe(true);
    expect(isSameLinkList(some(0, 1), some(1, 0))).toBe(false);
    expect(isSameLinkList(some(0, 1), some(0))).toBe(false);
    expect(isSameLinkList(columnLinks(table, null, ends), columnLinks(table, null, ends))).toBe(true);
    expect(isSameLinkList(columnLinks(table, null, ends), some(0))).toBe(false);
    // Another read of the same network is another table: drawn again.
    expect(isSameLinkList(some(0, 1), columnLinks(tableOf(), Uint32Array.from([0, 1]), ends))).toBe(false);
    expect(isSameLinkList(linkList(links.slice(0, 2)), linkList(links.slice(0, 2)))).toBe(true);
    expect(isSameLinkList(linkList(links.slice(0, 2)), linkList([links[1], links[0]]))).toBe(false);
    expect(isSameLinkList(linkList(links.slice(0, 2)), some(0, 1))).toBe(false);
    expect(NO_LINKS.length).toBe(0);
    expect(NO_LINKS.columns).toBeNull();
  });
});
