import type { Connection, TargetPerson } from '@warmpath/contracts';

/**
 * A person of the results as the intros feature's ask takes them (a network Connection): the
 * fields a target person carries, the rest empty. `viewerId` decides the degree (1 when the viewer
 * knows them).
 */
export function targetPersonConnection(person: TargetPerson, viewerId: number | undefined): Connection {
  return {
    id: person.id,
    userId: person.knownBy,
    firstName: person.firstName,
    lastName: person.lastName,
    company: person.company,
    position: person.position,
    email: null,
    linkedinUrl: person.linkedinUrl,
    avatarUrl: null,
    notes: null,
    industry: null,
    location: null,
    connectionDegree: viewerId !== undefined && person.knowers.includes(viewerId) ? 1 : 2,
    yearsConnected: null,
    connectedOn: null,
    createdAt: '',
    isUser: false,
    isTeammate: false,
    hasWorkedWith: false,
    type: 'connection',
    positionInfo: { category: person.category, seniority: person.seniority },
    knownBy: person.knowers,
  };
}
