import { Inject, Injectable } from '@nestjs/common';
import type { OAuthIdentity, OAuthProvider, User } from '@warmpath/contracts';
import { conflict, LOGGER, notFound, ServiceError } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { usernameKey } from '../users/username.js';
import {
  IdentitiesRepository,
  UNIQUE,
  violatedUniqueConstraint,
  type NewIdentity,
} from './identities.repository.js';
import { deriveUsernameBase, usernameCandidates } from './username-candidates.js';

const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  linkedin: 'LinkedIn',
  google: 'Google',
  github: 'GitHub',
};

export interface ProviderSignIn {
  identity: OAuthIdentity;
  /** Set when the visitor was signed in: the identity is linked to this account. */
  linkToUserId: number | null;
}

/**
 * Sign-in with a provider. An identity is (provider, subject) and belongs to one account.
 * Accounts are never matched by e-mail: a provider's e-mail proves nothing about who owns an
 * existing local account, so an unknown identity either links to the signed-in account or
 * creates a new one.
 */
@Injectable()
export class IdentitiesService {
  constructor(
    private readonly identities: IdentitiesRepository,
    private readonly users: UsersRepository,
    private readonly accounts: UsersService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async signIn({ identity, linkToUserId }: ProviderSignIn): Promise<User> {
    const existing = await this.identities.findByProviderSubject(identity.provider, identity.subject);
    if (existing) return this.signInExisting(identity.provider, existing.userId, linkToUserId);
    if (linkToUserId !== null) return this.link(identity, linkToUserId);
    return this.createAccount(identity);
  }

  private signInExisting(
    provider: OAuthProvider,
    ownerId: number,
    linkToUserId: number | null,
  ): Promise<User> {
    if (linkToUserId !== null && linkToUserId !== ownerId) {
      throw conflict(`This ${PROVIDER_LABELS[provider]} account is already linked to another user`);
    }
    return this.accounts.getUser(ownerId);
  }

  private async link(identity: OAuthIdentity, userId: number): Promise<User> {
    const label = PROVIDER_LABELS[identity.provider];
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User not found');
    if (user.identities.some((i) => i.provider === identity.provider)) {
      throw conflict(`Your account is already linked to a different ${label} account`);
    }
    try {
      await this.identities.linkToUser(userId, newIdentity(identity));
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      // Lost a race: the same identity (or another of this provider) was linked in between.
      if (constraint === UNIQUE.providerSubject)
        throw conflict(`This ${label} account is already linked to another user`);
      if (constraint === UNIQUE.userProvider)
        throw conflict(`Your account is already linked to a different ${label} account`);
      throw error;
    }
    this.logger.info({ userId, provider: identity.provider }, 'provider identity linked');
    return this.accounts.getUser(userId);
  }

  private async createAccount(identity: OAuthIdentity): Promise<User> {
    const profile = profileFields(identity);
    for (const username of usernameCandidates(deriveUsernameBase(identity))) {
      const key = usernameKey(username);
      if (await this.users.usernameKeyExists(key)) continue;
      try {
        const userId = await this.identities.createUserWithIdentity(
          { ...profile, username, usernameKey: key },
          newIdentity(identity),
        );
        this.logger.info({ userId, provider: identity.provider }, 'account created from provider identity');
        return this.accounts.getUser(userId);
      } catch (error) {
        const constraint = violatedUniqueConstraint(error);
        if (constraint === UNIQUE.usernameKey) continue; // taken since we looked: try the next name
        if (constraint === UNIQUE.providerSubject) return this.signIn({ identity, linkToUserId: null }); // a parallel sign-in won
        throw error;
      }
    }
    throw new ServiceError(
      'CONFLICT',
      'Could not find a free username; please register with a username and password',
    );
  }
}

function newIdentity(identity: OAuthIdentity): NewIdentity {
  return {
    provider: identity.provider,
    subject: identity.subject,
    email: identity.email?.slice(0, 320) ?? null,
  };
}

/** Profile of a new account; only a verified e-mail is kept, and no password is set. */
function profileFields(identity: OAuthIdentity) {
  const avatar = identity.avatarUrl?.trim() ?? '';
  return {
    firstName: identity.firstName?.trim().slice(0, 100) ?? '',
    lastName: identity.lastName?.trim().slice(0, 100) ?? '',
    email: identity.emailVerified && identity.email ? identity.email.trim().slice(0, 320) : '',
    avatarUrl: /^https?:\/\//i.test(avatar) && avatar.length <= 500 ? avatar : null,
    passwordHash: null,
  };
}
