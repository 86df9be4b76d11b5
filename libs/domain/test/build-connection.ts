import { type Connection, type Relationship } from '@warmpath/contracts';
import { positionInfo } from '../src/position/function-category.js';

let nextId = 1;

/**
 * A first-degree connection of user 1 with every field set; override what the test is about.
 * positionInfo follows the position, as the server derives it.
 */
export function buildConnection(overrides: Partial<Connection> = {}): Connection {
  const id = overrides.id ?? String(nextId++);
  return {
    id,
    userId: 1,
    firstName: 'Ana',
    lastName: `Person ${id}`,
    company: null,
    position: null,
    email: null,
    linkedinUrl: null,
    avatarUrl: null,
    notes: null,
    industry: null,
    location: null,
    connectionDegree: 1,
    yearsConnected: null,
    connectedOn: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    isUser: false,
    isTeammate: false,
    hasWorkedWith: false,
    type: 'connection',
    positionInfo: positionInfo(overrides.position ?? null),
    knownBy: [1],
    ...overrides,
  };
}

/** Your own node (user 1), id "u1". */
export function buildSelf(overrides: Partial<Connection> = {}): Connection {
  return buildConnection({
    id: 'u1',
    firstName: 'You',
    lastName: '',
    isUser: true,
    connectionDegree: 0,
    ...overrides,
  });
}

export function buildRelationship(
  overrides: Partial<Relationship> & Pick<Relationship, 'sourceId' | 'targetId'>,
): Relationship {
  return {
    id: `${overrides.sourceId}-${overrides.targetId}`,
    strength: 150,
    createdAt: '2026-01-01T00:00:00.000Z',
    type: 'company-role',
    company: null,
    userId: 1,
    ...overrides,
  };
}
