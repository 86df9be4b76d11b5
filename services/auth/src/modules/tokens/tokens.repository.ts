import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { AccessTokenEntity } from './access-token.entity.js';

@Injectable()
export class TokensRepository {
  constructor(@InjectRepository(AccessTokenEntity) private readonly tokens: Repository<AccessTokenEntity>) {}

  insert(fields: Omit<AccessTokenEntity, 'id' | 'createdAt' | 'lastUsedAt' | 'revokedAt'>) {
    return this.tokens.save(this.tokens.create({ ...fields, lastUsedAt: null, revokedAt: null }));
  }

  countLive(userId: number): Promise<number> {
    return this.tokens.count({ where: { userId, revokedAt: IsNull() } });
  }

  listLive(userId: number): Promise<AccessTokenEntity[]> {
    return this.tokens.find({ where: { userId, revokedAt: IsNull() }, order: { id: 'DESC' } });
  }

  findBySecretHash(secretHash: string): Promise<AccessTokenEntity | null> {
    return this.tokens.findOne({ where: { secretHash } });
  }

  /** Answers whether a live token of this user was revoked now. */
  async revoke(userId: number, id: number): Promise<boolean> {
    const result = await this.tokens.update({ id, userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  /** Records a use, unless one was recorded since `staleBefore` (a concurrent request may have). */
  async touch(id: number, now: Date, staleBefore: Date): Promise<void> {
    await this.tokens
      .createQueryBuilder()
      .update()
      .set({ lastUsedAt: now })
      .where('id = :id', { id })
      .andWhere('(last_used_at IS NULL OR last_used_at < :staleBefore)', { staleBefore })
      .execute();
  }
}
