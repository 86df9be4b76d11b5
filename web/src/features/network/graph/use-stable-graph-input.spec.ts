import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTestNetwork } from '../../../lib/testing/connections.testing';
import { useStableGraphInput } from './use-stable-graph-input';

describe('useStableGraphInput', () => {
  const network = buildTestNetwork([{ firstName: 'Ana' }, { firstName: 'Ben' }]);

  it('keeps the previous input when only notes changed', () => {
    const first = { connections: network.connections, relationships: network.relationships };
    const { result, rerender } = renderHook((input) => useStableGraphInput(input), { initialProps: first });
    const withNote = {
      connections: network.connections.map((c) => (c.id === '1' ? { ...c, notes: 'hello' } : c)),
      relationships: [...network.relationships],
    };
    rerender(withNote);
    expect(result.current).toBe(first);
  });

  it('takes the new input when something drawn changed', () => {
    const first = { connections: network.connections, relationships: network.relationships };
    const { result, rerender } = renderHook((input) => useStableGraphInput(input), { initialProps: first });
    const moved = {
      connections: network.connections.map((c) => (c.id === '1' ? { ...c, company: 'Globex' } : c)),
      relationships: network.relationships,
    };
    rerender(moved);
    expect(result.current).toBe(moved);
    const fewer = { connections: network.connections.slice(1), relationships: network.relationships };
    rerender(fewer);
    expect(result.current).toBe(fewer);
  });
});
