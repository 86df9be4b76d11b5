import type { Connection, Relationship } from '@warmpath/contracts';
import type { GraphInput } from './graph-model';

/** Builders for unit tests: a person with overrides, and a small graph by company sizes. */
export function buildTestPerson(overrides: Partial<Connection> = {}): Connection {
  return {
    id: '1',
    userId: 1,
    firstName: 'Ana',
    lastName: 'Lopez',
    company: 'Acme',
    position: 'Engineer',
    email: null,
    linkedinUrl: null,
    avatarUrl: null,
    notes: null,
    industry: null,
    location: null,
    connectionDegree: 1,
    yearsConnected: 2,
    connectedOn: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    isUser: false,
    isTeammate: false,
    hasWorkedWith: false,
    type: 'connection',
    positionInfo: { category: 'engineering', seniority: 3 },
    knownBy: [1],
    ...overrides,
  };
}

export function buildTestLink(sourceId: string, targetId: string, type: Relationship['type']): Relationship {
  return {
    id: `${sourceId}-${targetId}`,
    sourceId,
    targetId,
    strength: 50,
    createdAt: '2024-01-01T00:00:00.000Z',
    type,
    company: null,
    userId: 1,
  };
}

/**
 * YOU (id "you") plus `count` people per company name ('' = no company), each linked to YOU,
 * colleagues linked pairwise. Within a company the first person is the most senior.
 */
export function buildTestGraph(companies: Record<string, number>): GraphInput {
  const connections: Connection[] = [
    buildTestPerson({ id: 'you', isUser: true, connectionDegree: 0, company: null, firstName: 'You' }),
  ];
  const relationships: Relationship[] = [];
  for (const [company, count] of Object.entries(companies)) {
    const staff: Connection[] = [];
    for (let k = 0; k < count; k++) {
      const person = buildTestPerson({
        id: `${company || 'none'}-${k}`,
        company: company || null,
        positionInfo: { category: 'engineering', seniority: k === 0 ? 9 : 3 },
      });
      staff.push(person);
      relationships.push(buildTestLink('you', person.id, 'connection'));
    }
    if (company)
      staff.forEach((a, i) =>
        staff.slice(i + 1).forEach((b) => relationships.push(buildTestLink(a.id, b.id, 'company-general'))),
      );
    connections.push(...staff);
  }
  return { connections, relationships };
}
