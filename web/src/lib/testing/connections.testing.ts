import type { Connection, NetworkData, Relationship } from '@warmpath/contracts';

/** Test builder: a plausible 1st-degree connection; every field can be overridden. */
export function buildTestConnection(overrides: Partial<Connection> = {}): Connection {
  return {
    id: '1',
    userId: 1,
    firstName: 'Ana',
    lastName: 'Silva',
    company: 'Acme',
    position: 'Software Engineer',
    email: null,
    linkedinUrl: null,
    avatarUrl: null,
    notes: null,
    industry: null,
    location: null,
    connectionDegree: 1,
    yearsConnected: null,
    connectedOn: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    isUser: false,
    isTeammate: false,
    hasWorkedWith: false,
    type: 'connection',
    positionInfo: { category: 'engineering', seniority: 3 },
    knownBy: [1],
    ...overrides,
  };
}

export function buildTestLink(overrides: Partial<Relationship> = {}): Relationship {
  return {
    id: 'l1',
    sourceId: 'u1',
    targetId: '1',
    strength: 100,
    createdAt: '2024-05-01T10:00:00.000Z',
    type: 'connection',
    company: null,
    userId: 1,
    ...overrides,
  };
}

/** Your own node plus `people`, each linked to you. */
export function buildTestNetwork(people: Partial<Connection>[]): NetworkData {
  const you = buildTestConnection({
    id: 'u1',
    firstName: 'Maya',
    lastName: 'Chen',
    company: null,
    position: null,
    isUser: true,
    connectionDegree: 0,
    knownBy: [],
  });
  const connections = people.map((person, index) =>
    buildTestConnection({ id: String(index + 1), ...person }),
  );
  const relationships = connections.map((person) =>
    buildTestLink({ id: `u1-${person.id}`, targetId: person.id }),
  );
  return { connections: [you, ...connections], relationships, companies: [] };
}
