import type { TeamMember, Workspace } from '@warmpath/contracts';
import { TEST_USER } from './app.testing';

/** A workspace and its members as several features' tests need them: realistic defaults, overrides per test. */

export function buildWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    id: 5,
    name: 'Acme Sales',
    description: 'Pooled network of the sales team',
    createdById: TEST_USER.id,
    createdAt: '2026-03-02T10:00:00.000Z',
    memberCount: 3,
    role: 'owner',
    ownerName: 'Maya Chen',
    ...overrides,
  };
}

export function buildMember(overrides: Partial<TeamMember> & { userId: number; name: string }): TeamMember {
  const [firstName = '', lastName = ''] = overrides.name.split(' ');
  return {
    user: { id: overrides.userId, firstName, lastName },
    role: 'member',
    joinedAt: '2026-03-03T10:00:00.000Z',
    sharing: 'names',
    ...overrides,
  };
}

export const OWNER = buildMember({ userId: TEST_USER.id, name: 'Maya Chen', role: 'owner' });
export const BEN = buildMember({ userId: 2, name: 'Ben Ode' });
