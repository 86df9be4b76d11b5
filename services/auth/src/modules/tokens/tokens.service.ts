import { Injectable } from '@nestjs/common';
import {
  MAX_TOKENS_PER_USER,
  TOKEN_SECRET_PREFIX,
  type AccessToken,
  type CreatedAccessToken,
  type CreateTokenRequest,
  type VerifiedToken,
} from '@warmpath/contracts';
import { conflict, notFound, unauthenticated } from '@warmpath/server-kit';
import { createHash, randomBytes } from 'node:crypto';
import type { AccessTokenEntity } from './access-token.entity.js';
import { TokensRepository } from './tokens.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A token's last use is recorded at most this often: one write a minute per busy token, not one per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const INVALID_TOKEN = 'Invalid access token.';
export const REVOKED_TOKEN = 'This access token was revoked.';
export const expiredTokenMessage = (at: Date) => `This access token expired on ${at.toISOString()}.`;
export const TOO_MANY_TOKENS = `You have ${MAX_TOKENS_PER_USER} access tokens. Revoke one to create another.`;
export const TOKEN_NOT_FOUND = 'Token not found';

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

function toAccessToken(entity: AccessTokenEntity): AccessToken {
  return {
    id: entity.id,
    name: entity.name,
    scopes: [...entity.scopes].sort(),
    createdAt: entity.createdAt.toISOString(),
    lastUsedAt: entity.lastUsedAt?.toISOString() ?? null,
    expiresAt: entity.expiresAt?.toISOString() ?? null,
  };
}

/** Personal access tokens: created with a secret shown once, checked by hash, revoked at once. */
@Injectable()
export class TokensService {
  constructor(private readonly tokens: TokensRepository) {}

  async create(userId: number, request: CreateTokenRequest, now = new Date()): Promise<CreatedAccessToken> {
    if ((await this.tokens.countLive(userId)) >= MAX_TOKENS_PER_USER) throw conflict(TOO_MANY_TOKENS);
    const secret = `${TOKEN_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    const entity = await this.tokens.insert({
      userId,
      name: request.name,
      scopes: request.scopes,
      secretHash: hashSecret(secret),
      expiresAt:
        request.expiresInDays === null ? null : new Date(now.getTime() + request.expiresInDays * DAY_MS),
    });
    return { ...toAccessToken(entity), secret };
  }

  async list(userId: number): Promise<AccessToken[]> {
    return (await this.tokens.listLive(userId)).map(toAccessToken);
  }

  async revoke(userId: number, tokenId: number): Promise<void> {
    if (!(await this.tokens.revoke(userId, tokenId))) throw notFound(TOKEN_NOT_FOUND);
  }

  async verify(secretHash: string, now = new Date()): Promise<VerifiedToken> {
    const token = await this.tokens.findBySecretHash(secretHash);
    if (!token) throw unauthenticated(INVALID_TOKEN);
    if (token.revokedAt) throw unauthenticated(REVOKED_TOKEN);
    if (token.expiresAt && token.expiresAt <= now)
      throw unauthenticated(expiredTokenMessage(token.expiresAt));
    const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    if (!token.lastUsedAt || token.lastUsedAt < staleBefore)
      await this.tokens.touch(token.id, now, staleBefore);
    return { tokenId: token.id, userId: token.userId, scopes: token.scopes };
  }
}
