import { describe, expect, it } from '@jest/globals';
import { connectionSchema, relationshipSchema } from '@warmpath/contracts';
import {
  deriveCompanyLinks,
  knowsLinkId,
  toConnection,
  toKnowsLink,
  toOwnNode,
  toTeammateLink,
  userNodeId,
} from './network-view.mapper.js';
import { buildConnectionRow } from './network-rows.testing.js';

const NOW = new Date('2026-06-15T12:00:00Z');

describe('network view mapping', () => {
  it('maps a stored row to a 1st-degree node known by its owner, with the contract shape', () => {
    const node = toConnection(
      buildConnectionRow({
        id: '42',
        connected_on: '2020-06-16',
        category: 'engineering',
        seniority: 5,
        has_worked_with: true,
      }),
      NOW,
    );
    expect(connectionSchema.parse(node)).toEqual(node);
    expect(node).toMatchObject({
      id: '42',
      userId: 7,
      connectionDegree: 1,
      yearsConnected: 5, // one day short of six years
      connectedOn: '2020-06-16',
      isUser: false,
      hasWorkedWith: true,
      positionInfo: { category: 'engineering', seniority: 5 },
      knownBy: [7],
    });
  });

  it('builds the own node as u<id>, degree 0, known by nobody', () => {
    const own = toOwnNode({
      id: 7,
      firstName: 'Maya',
      lastName: 'Chen',
      email: 'm@x.org',
      avatarUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(connectionSchema.parse(own)).toEqual(own);
    expect(own).toMatchObject({
      id: 'u7',
      userId: 7,
      isUser: true,
      connectionDegree: 0,
      knownBy: [],
      firstName: 'Maya',
    });
    expect(userNodeId(7)).toBe('u7');
  });

  it('links the own node to a person on the company-link strength scale', () => {
    const fresh = toConnection(buildConnectionRow({ id: '1' }), NOW);
    const closest = toConnection(
      buildConnectionRow({ id: '2', connected_on: '2010-01-01', has_worked_with: true }),
      NOW,
    );
    const link = toKnowsLink(fresh, 7);
    expect(relationshipSchema.parse(link)).toEqual(link);
    expect(link).toMatchObject({
      id: knowsLinkId(7, '1'),
      sourceId: 'u7',
      targetId: '1',
      type: 'connection',
      company: null,
      userId: 7,
    });
    expect(link.id).toBe('u7-1');
    expect(link.strength).toBe(94); // warmth 0.5
    expect(toKnowsLink(closest, 7).strength).toBe(188); // warmth 1
  });

  it('derives a company link in the contract shape, owned by the user, never named like a knows link', () => {
    const people = [
      toConnection(buildConnectionRow({ id: '1', company: 'Acme', position: 'Engineer' }), NOW),
      toConnection(
        buildConnectionRow({
          id: '2',
          company: 'Acme',
          position: 'Engineer',
          created_at: '2026-02-01T00:00:00.000Z',
        }),
        NOW,
      ),
    ];
    const [link, ...others] = deriveCompanyLinks(people, 7);
    expect(others).toEqual([]);
    expect(relationshipSchema.parse(link)).toEqual({
      id: '1-2',
      sourceId: '1',
      targetId: '2',
      strength: 150,
      type: 'company-role',
      company: 'Acme',
      createdAt: '2026-02-01T00:00:00.000Z',
      userId: 7,
    });
    expect(link?.id).not.toBe(knowsLinkId(7, '2'));
    expect(deriveCompanyLinks([], 7)).toEqual([]);
  });

  it('names a teammate link after both user nodes', () => {
    const you = toOwnNode({
      id: 7,
      firstName: 'Maya',
      lastName: 'Chen',
      email: 'm@x.org',
      avatarUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const mate = {
      ...toOwnNode({
        id: 8,
        firstName: 'Ben',
        lastName: 'Ode',
        email: 'b@x.org',
        avatarUrl: null,
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
      isUser: false,
      isTeammate: true,
    };
    expect(toTeammateLink(you, mate)).toMatchObject({ id: 'u7-u8', type: 'teammate', strength: 169 });
  });
});
