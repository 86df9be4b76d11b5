import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OAuthProvider } from '@warmpath/contracts';
import { In, Repository } from 'typeorm';
import { IdentityEntity } from './identity.entity.js';
import { UserEntity } from './user.entity.js';

@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(IdentityEntity) private readonly identities: Repository<IdentityEntity>,
  ) {}

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id }, relations: { identities: true } });
  }

  findByUsernameKey(usernameKey: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { usernameKey }, relations: { identities: true } });
  }

  findByIds(ids: readonly number[]): Promise<UserEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.users.find({ where: { id: In([...new Set(ids)]) }, order: { id: 'ASC' } });
  }

  findAllOrderedById(): Promise<UserEntity[]> {
    return this.users.find({ relations: { identities: true }, order: { id: 'ASC' } });
  }

  async findByIdentity(provider: OAuthProvider, subject: string): Promise<UserEntity | null> {
    const identity = await this.identities.findOne({ where: { provider, subject } });
    return identity ? this.findById(identity.userId) : null;
  }

  async usernameKeyExists(usernameKey: string): Promise<boolean> {
    return (await this.users.count({ where: { usernameKey } })) > 0;
  }

  save(user: UserEntity): Promise<UserEntity> {
    return this.users.save(user);
  }

  create(fields: Partial<UserEntity>): UserEntity {
    return this.users.create(fields);
  }

  async addIdentity(
    userId: number,
    provider: OAuthProvider,
    subject: string,
    email: string | null,
  ): Promise<void> {
    await this.identities.insert({ userId, provider, subject, email });
  }
}
