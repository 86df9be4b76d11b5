import type { User, UserProfile } from '@warmpath/contracts';
import type { UserEntity } from './user.entity.js';

export const ADMIN_USERNAME = 'admin';

/** Entities never leave the service: this is the only shape other services and the browser see. */
export function toUser(entity: UserEntity): User {
  const identities = entity.identities ?? [];
  return {
    id: entity.id,
    username: entity.username,
    firstName: entity.firstName,
    lastName: entity.lastName,
    email: entity.email,
    avatarUrl: entity.avatarUrl,
    linkedinId: identities.find((i) => i.provider === 'linkedin')?.subject ?? null,
    createdAt: entity.createdAt.toISOString(),
    isAdmin: entity.usernameKey === ADMIN_USERNAME,
    providers: identities.map((i) => i.provider).sort(),
  };
}

/** What other services may know of an account (no providers, no admin flag). */
export function toUserProfile(entity: UserEntity): UserProfile {
  return {
    id: entity.id,
    username: entity.username,
    firstName: entity.firstName,
    lastName: entity.lastName,
    email: entity.email,
    avatarUrl: entity.avatarUrl,
    createdAt: entity.createdAt.toISOString(),
  };
}
