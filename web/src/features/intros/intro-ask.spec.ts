import type { WarmPathView } from '@warmpath/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestConnection } from '../../lib/testing/connections.testing';
import { askLabel, introAsk } from './intro-ask';

const you = buildTestConnection({ id: 'u1', userId: 1, isUser: true, connectionDegree: 0 });
const ben = buildTestConnection({ id: 'u2', userId: 2, isTeammate: true, firstName: 'Ben', lastName: 'Ode' });
const finn = buildTestConnection({ id: '20', userId: 2, firstName: 'Finn', lastName: 'Hart', knownBy: [2] });
const pathVia = (...nodes: (typeof you)[]): WarmPathView => ({
  found: true,
  fromId: 'u1',
  toId: nodes[nodes.length - 1].id,
  warmth: 0.5,
  nodes,
  links: [],
  hops: [],
  version: '1',
});

describe('introAsk', () => {
  it('asks the teammate just before the person on the warmest path', () => {
    const ask = introAsk(finn, pathVia(you, ben, finn), 1);
    expect(ask).toEqual({ kind: 'named', connectorUserId: 2, connectorName: 'Ben Ode' });
    expect(askLabel(ask!)).toBe('Ask Ben Ode for an intro');
  });

  it('asks an unnamed teammate when the path does not end through a teammate', () => {
    const colleague = buildTestConnection({ id: '30', userId: 1, knownBy: [1] });
    const ask = introAsk(finn, pathVia(you, colleague, finn), 1);
    expect(ask).toEqual({ kind: 'anonymous', targetName: 'Finn Hart' });
    expect(askLabel(ask!)).toBe('Ask a teammate who knows Finn Hart');
  });

  it('ignores a path to someone else', () => {
    const other = buildTestConnection({ id: '40', userId: 2, knownBy: [2] });
    expect(introAsk(finn, pathVia(you, ben, other), 1)?.kind).toBe('anonymous');
  });

  it('offers nothing for people you know, teammates, sources, or people only uploads know', () => {
    expect(introAsk(buildTestConnection({ id: '21', knownBy: [1, 2] }), undefined, 1)).toBeNull();
    expect(introAsk(ben, undefined, 1)).toBeNull();
    expect(introAsk(you, undefined, 1)).toBeNull();
    expect(introAsk(buildTestConnection({ id: '22', knownBy: [-3] }), undefined, 1)).toBeNull();
  });
});
