import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OAuthProvider } from '@warmpath/contracts';
import { DataSource, Repository } from 'typeorm';
import { IdentityEntity } from '../users/identity.entity.js';
import { UserEntity } from '../users/user.entity.js';

export interface NewIdentity {
  provider: OAuthProvider;
  subject: string;
  email: string | null;
}

/** Unique constraints of the auth schema (migration 1763800000000), named so callers can tell them apart. */
export const UNIQUE = {
  usernameKey: 'users_username_key',
  providerSubject: 'identities_provider_subject',
  userProvider: 'identities_user_provider',
} as const;

/** The constraint a failed insert violated, or null when the error is not a unique violation. */
export function violatedUniqueConstraint(error: unknown): string | null {
  const outer = error as {
    driverError?: { code?: string; constraint?: string };
    code?: string;
    constraint?: string;
  };
  const pgError = outer.driverError ?? outer;
  return pgError.code === '23505' ? (pgError.constraint ?? '') : null;
}

@Injectable()
export class IdentitiesRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(IdentityEntity) private readonly identities: Repository<IdentityEntity>,
  ) {}

  findByProviderSubject(provider: OAuthProvider, subject: string): Promise<IdentityEntity | null> {
    return this.identities.findOne({ where: { provider, subject } });
  }

  async linkToUser(userId: number, identity: NewIdentity): Promise<void> {
    await this.identities.insert({ userId, ...identity });
  }

  /** The account and its identity together or not at all: a half-created account could never sign in. */
  createUserWithIdentity(fields: Partial<UserEntity>, identity: NewIdentity): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.save(manager.create(UserEntity, fields));
      await manager.insert(IdentityEntity, { userId: user.id, ...identity });
      return user.id;
    });
  }
}
