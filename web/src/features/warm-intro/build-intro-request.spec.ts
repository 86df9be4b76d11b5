import type { User, WarmPathView } from '@warmpath/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestConnection } from '../../lib/testing/connections.testing';
import { buildWarmIntroRequest } from './build-intro-request';

const user: User = {
  id: 1,
  username: 'maya',
  firstName: 'Maya',
  lastName: 'Chen',
  email: 'maya@example.org',
  avatarUrl: null,
  linkedinId: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  isAdmin: false,
  providers: [],
};
const you = buildTestConnection({
  id: 'u1',
  isUser: true,
  firstName: 'Maya',
  lastName: 'Chen',
  company: null,
  position: null,
  connectionDegree: 0,
});
const ana = buildTestConnection({
  id: '2',
  firstName: 'Ana',
  lastName: 'Silva',
  company: 'Acme',
  position: 'Engineer',
  email: 'ana@acme.example',
  notes: 'secret',
});
const ben = buildTestConnection({
  id: '3',
  firstName: 'Ben',
  lastName: 'Ode',
  company: 'Acme',
  position: 'CTO',
  connectionDegree: 3,
});

const path = (nodes: (typeof ana)[]): WarmPathView => ({
  found: true,
  fromId: 'u1',
  toId: nodes[nodes.length - 1].id,
  warmth: 0.5,
  nodes,
  links: [],
  hops: [],
  version: '1',
});

describe('buildWarmIntroRequest', () => {
  it('names the person before the target on the path as the intermediary', () => {
    const request = buildWarmIntroRequest(ben, path([you, ana, ben]), user, you);
    expect(request).toEqual({
      target: { name: 'Ben Ode', position: 'CTO', company: 'Acme', connectionType: '3rd+' },
      intermediary: { name: 'Ana Silva', position: 'Engineer', company: 'Acme' },
      user: { name: 'Maya Chen', position: null, company: null },
      targetId: '3',
    });
  });

  it('has no intermediary when you know the target directly', () => {
    expect(buildWarmIntroRequest(ana, path([you, ana]), user, you).intermediary).toBeNull();
  });

  it('leaves the intermediary to the server while the path is unknown', () => {
    expect('intermediary' in buildWarmIntroRequest(ana, undefined, user, you)).toBe(false);
  });

  it('never sends e-mails or notes, and cuts very long fields', () => {
    const long = buildTestConnection({ id: '4', position: 'x'.repeat(500) });
    const request = buildWarmIntroRequest(long, undefined, user, you);
    expect(JSON.stringify(buildWarmIntroRequest(ana, undefined, user, you))).not.toMatch(/ana@acme|secret/);
    expect(request.target.position).toHaveLength(200);
  });
});
