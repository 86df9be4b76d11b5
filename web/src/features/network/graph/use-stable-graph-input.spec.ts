import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTestNetwork } from '../../../lib/testing/connections.testing';
import { joinLinkColumns, LinkTable, toLinkColumns } from '../data/link-columns';
import { columnLinks, linkList } from '../data/network-links';
import { useStableGraphInput } from './use-stable-graph-input';

describe('useStableGraphInput', () => {
  const network = buildTestNetwork([{ firstName: 'Ana' }, { firstName: 'Ben' }]);

  it('keeps the previous input when only notes changed', () => {
    const first = { connections: network.connections, links: linkList(network.relationships) };
    const { result, rerender } = renderHook((input) => useStableGraphInput(input), { initialProps: first });
    const withNote = {
      connections: network.connections.map((c) => (c.id === '1' ? { ...c, notes: 'hello' } : c)),
      links: linkList([...network.relationships]),
    };
    rerender(withNote);
    expect(result.current).toBe(first);
  });

  it('takes the new input when something drawn changed', () => {
    const first = { connections: network.connections, links: linkList(network.relationships) };
    const { result, rerender } = renderHook((input) => useStableGraphInput(input), { initialProps: first });
    const moved = {
      connections: network.connections.map((c) => (c.id === '1' ? { ...c, company: 'Globex' } : c)),
      links: linkList(network.relationships),
    };
    rerender(moved);
    expect(result.current).toBe(moved);
    const fewer = { connections: network.connections.slice(1), links: linkList(network.relationships) };
    rerender(fewer);
    expect(result.current).toBe(fewer);
  });

  it('keeps the previous input for the same links held as columns, and takes other links', () => {
    const { connections, relationships } = network;
    const indexOfId = (id: string) => connections.findIndex((person) => person.id === id);
    const table = new LinkTable(
      joinLinkColumns([toLinkColumns(relationships, 0, relationships.length, indexOfId)]),
      connections,
    );
    const ends = { sources: new Int32Array(0), targets: new Int32Array(0) };
    const first = { connections, links: columnLinks(table, Uint32Array.from([0, 1]), ends) };
    const { result, rerender } = renderHook((input) => useStableGraphInput(input), { initialProps: first });
    rerender({ connections: connections.slice(), links: columnLinks(table, Uint32Array.from([0, 1]), ends) });
    expect(result.current).toBe(first);
    const other = { connections, links: columnLinks(table, Uint32Array.from([1]), ends) };
    rerender(other);
    expect(result.current).toBe(other);
  });
});
